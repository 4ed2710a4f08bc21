import Foundation
import PulpeDomain

/// The import screen (`I`): the statement's path typed, then its operations to review.
public struct ImportReview: Hashable, Sendable {
    public var path = TextField(maxLength: 500)
    /// The operations once read (nil: the path is being typed).
    public var rows: [ImportReviewRow]?
    public var selected = 0
    /// The file is being read.
    public var reading = false
    /// `r`: the selected operation's new name being typed.
    public var renaming: TextField?
    /// `t`: the selected operation's tags being typed (names separated by commas).
    public var tagging: TextField?
    /// `l`: the selected operation's prévision being typed (completed among its month's).
    public var choosingLine: TextField?
    /// The typed prévision names none of the month's (said until the text changes).
    public var lineUnknown = false

    /// A name, tags or a prévision are being typed.
    public var isTyping: Bool { renaming != nil || tagging != nil || choosingLine != nil }
    public var failure: StatementFailure?

    public init() {}

    public var kept: [ImportReviewRow] { rows?.filter(\.accepted) ?? [] }

    /// The prévision the typed text completes to among the selected row's: its name starting with
    /// the text, else containing it, accents and case aside (the quick-add's rule); an exact name
    /// first. Nil when nothing is typed or nothing matches.
    public var lineCompletion: LineChoice? {
        guard let field = choosingLine, let rows, rows.indices.contains(selected) else { return nil }
        let typed = QuickAddForm.folded(field.text.trimmingCharacters(in: .whitespaces))
        guard !typed.isEmpty else { return nil }
        let choices = rows[selected].lineChoices
        return choices.first { QuickAddForm.folded($0.name) == typed }
            ?? choices.first { QuickAddForm.folded($0.name).hasPrefix(typed) }
            ?? choices.first { QuickAddForm.folded($0.name).contains(typed) }
    }
}
