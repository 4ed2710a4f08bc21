/// A single-line text field: its text, a cursor, and whether the user may see it.
///
/// The cursor counts `Character`s (grapheme clusters), so « é » typed as `e` + combining accent
/// or a CJK character is one step for ←/→ and Backspace; the view turns it into display cells.
/// A length limit keeps a pasted novel out of a field that the server would refuse anyway.
public struct TextField: Hashable, Sendable {
    /// Setting the text from outside (a completion, a restored form) puts the cursor at its end,
    /// where typing goes on.
    public var text: String {
        didSet { cursor = text.count }
    }
    /// Characters before the cursor, 0…`text.count`.
    public private(set) var cursor: Int
    public var isSecret: Bool
    public var maxLength: Int

    public init(text: String = "", isSecret: Bool = false, maxLength: Int = 254) {
        self.text = text
        self.cursor = text.count
        self.isSecret = isSecret
        self.maxLength = maxLength
    }

    /// Whether the cursor is after the last character (completion and appending happen there).
    public var isCursorAtEnd: Bool { cursor == text.count }

    /// The text before the cursor (the view measures it to place the cursor).
    public var textBeforeCursor: Substring { text.prefix(cursor) }

    public mutating func apply(_ edit: TextEdit) {
        var characters = Array(text)
        var position = min(cursor, characters.count)
        switch edit {
        case let .insert(character):
            guard characters.count < maxLength, !character.isNewline else { return }
            characters.insert(character, at: position)
            position += 1
        case .deleteBackward:
            guard position > 0 else { return }
            characters.remove(at: position - 1)
            position -= 1
        case .deleteForward:
            guard position < characters.count else { return }
            characters.remove(at: position)
        case .clear:
            characters = []
            position = 0
        case .deleteToStart:
            characters.removeFirst(position)
            position = 0
        case .deleteToEnd:
            characters.removeLast(characters.count - position)
        case .deleteWordBackward:
            // Readline's Ctrl-W: the spaces before the cursor, then the word before them.
            var start = position
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<position)
            position = start
        case .moveLeft:
            cursor = max(0, position - 1)
            return
        case .moveRight:
            cursor = min(characters.count, position + 1)
            return
        case .moveToStart:
            cursor = 0
            return
        case .moveToEnd:
            cursor = characters.count
            return
        }
        text = String(characters)
        cursor = position
    }
}
