/// A single-line text field: its text, and whether the user may see it.
///
/// Editing is append/delete at the end (a terminal form, not an editor); a length limit keeps a
/// pasted novel out of a field that the server would refuse anyway.
public struct TextField: Hashable, Sendable {
    public var text: String
    public var isSecret: Bool
    public var maxLength: Int

    public init(text: String = "", isSecret: Bool = false, maxLength: Int = 254) {
        self.text = text
        self.isSecret = isSecret
        self.maxLength = maxLength
    }

    public mutating func apply(_ edit: TextEdit) {
        switch edit {
        case let .insert(character):
            guard text.count < maxLength, !character.isNewline else { return }
            text.append(character)
        case .deleteBackward:
            if !text.isEmpty { text.removeLast() }
        case .clear:
            text = ""
        }
    }
}

/// An edit typed into the focused field. Keys become edits in the key table, so the core never
/// sees terminal key codes.
public enum TextEdit: Hashable, Sendable {
    case insert(Character)
    case deleteBackward
    case clear
}
