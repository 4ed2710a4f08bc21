import Foundation
import PulpeDomain

/// The forms' « Tags » field (decision 88): names separated by commas, the last one completed among
/// the account's tags (accents and case aside, `→` at the end accepts); a name the account does
/// not have is a tag to create (« Créer le tag « … » »), made first when the form is saved.
public struct TagsField: Hashable, Sendable {
    public var text = TextField(maxLength: 400)
    /// The account's tags, taken when the form opened.
    public var catalogue: [Tag] = []
    /// The text the form opened with (an edit's tags): saving with it unchanged changes no tag.
    public private(set) var initialText = ""

    public init() {}

    /// The names the item carries now (`ids`), in the catalogue's spelling, as the field's text.
    public mutating func fill(ids: [String]) {
        text.text = ids.compactMap { TagNaming.name(ofId: $0, in: catalogue) }.joined(separator: ", ")
        initialText = text.text
    }

    /// The names typed, trimmed, blanks dropped, each once (case aside, accents kept).
    public var names: [String] {
        var seen = Set<String>()
        return text.text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { name in
            !name.isEmpty && seen.insert(TagRules.key(name)).inserted
        }
    }

    public var isChanged: Bool { text.text != initialText }

    /// The word being typed: after the last comma.
    var lastWord: String {
        String(text.text.split(separator: ",", omittingEmptySubsequences: false).last ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// The catalogue's tag the word being typed completes to (its name starting with it, else
    /// containing it), one not already named; nil when nothing is typed or matches.
    public var completion: Tag? {
        let typed = QuickAddForm.folded(lastWord)
        guard !typed.isEmpty else { return nil }
        let named = Set(names.dropLast().map(TagRules.key))
        let open = catalogue.filter { !named.contains(TagRules.key($0.name)) }
        return open.first { QuickAddForm.folded($0.name).hasPrefix(typed) } ?? open.first { QuickAddForm.folded($0.name).contains(typed) }
    }

    /// The greyed rest of the completion after what is typed (when it continues it).
    public var completionSuffix: String? {
        guard let completion, text.isCursorAtEnd else { return nil }
        let typed = lastWord
        guard completion.name.count > typed.count,
              QuickAddForm.folded(String(completion.name.prefix(typed.count))) == QuickAddForm.folded(typed) else { return nil }
        return String(completion.name.dropFirst(typed.count))
    }

    /// The word being typed when no tag of the account has that name: saving creates it.
    public var newName: String? {
        let typed = lastWord
        guard !typed.isEmpty, case .success = TagRules.name(typed) else { return nil }
        return TagNaming.tag(named: typed, in: catalogue) == nil ? typed : nil
    }

    /// `→` at the end takes the completion's name in place of the word being typed.
    public mutating func apply(_ edit: TextEdit) {
        guard edit == .moveRight, text.isCursorAtEnd, let completion else {
            text.apply(edit)
            return
        }
        var words = text.text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        words[words.count - 1] = (words.count > 1 ? " " : "") + completion.name
        text.text = words.joined(separator: ",")
    }

    /// The names to save, or the first rule they break (1…30 characters each, 10 at most).
    public var validated: Result<[String], TagRules.Problem> {
        for name in names {
            if case let .failure(problem) = TagRules.name(name) { return .failure(problem) }
        }
        return names.count > TagRules.maxPerItem ? .failure(.tooMany) : .success(names)
    }

    /// The ids a new item carries: the catalogue's, a provisional one for a tag to create.
    public func ids(for names: [String]) -> [String] { names.map { TagNaming.id(of: $0, in: catalogue) } }
}
