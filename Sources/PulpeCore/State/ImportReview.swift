import Foundation
import PulpeDomain

/// One operation of a statement on the review screen: what it is, whether Pulpe has it, where it
/// would go, and whether the user keeps it.
public struct ImportReviewRow: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        case new
        /// Pulpe has it (the transaction's name).
        case already(String)
        case otherCurrency(String)
        case noBudget(BudgetMonth)
        /// In the outbox already (an earlier import not sent yet).
        case waiting
        /// A remembered rule skips it (its pattern).
        case rule(String)
    }

    public var clientId: String
    public var date: CalendarDay
    public var name: String
    public var amount: Decimal
    public var kind: TransactionKind
    public var status: Status
    /// The prévision it goes on (then checked).
    public var line: String?
    /// What is stored when it is kept (nil: it cannot be).
    public var draft: ExpenseDraft?
    /// Kept (new rows start kept; the others cannot be).
    public var accepted: Bool
    /// The prévisions of its month it may go on (its side: income or outflow), for `l`.
    public var lineChoices: [LineChoice]
    /// The statement's own label (a rename changes `name`; a remembered rule matches this).
    public var label: String
    /// The user renamed it or chose its prévision or tags here: remembered as a rule when stored.
    public var chosen = false
    /// Its tags by name, as chosen here (`t`) or by a rule.
    public var tags: [String] = []

    public init(clientId: String, date: CalendarDay, name: String, amount: Decimal, kind: TransactionKind, status: Status,
                line: String? = nil, draft: ExpenseDraft? = nil, lineChoices: [LineChoice] = [], label: String? = nil,
                tags: [String] = []) {
        self.lineChoices = lineChoices
        self.tags = tags
        self.label = label ?? name
        self.clientId = clientId
        self.date = date
        self.name = name
        self.amount = amount
        self.kind = kind
        self.status = status
        self.line = line
        self.draft = draft
        accepted = status == .new && draft != nil
    }
}

/// A choice made on the review screen, remembered for the next imports: an operation whose label
/// holds `pattern` takes `name` and goes on the prévision `line`.
public struct ImportChoice: Hashable, Sendable {
    public var pattern: String
    public var name: String?
    public var line: String?
    public var tags: [String]

    public init(pattern: String, name: String?, line: String?, tags: [String] = []) {
        self.pattern = pattern
        self.name = name
        self.line = line
        self.tags = tags
    }
}

/// Why a statement file gives nothing, as data (the view words it).
public enum StatementFailure: Error, Hashable, Sendable {
    case unreadableFile
    case tooLarge
    case declaresDocumentType
    case malformed(line: Int, column: Int)
    /// Not UTF-8 (or declared in another encoding): where.
    case notUTF8(line: Int, column: Int)
    case notAStatement
    /// A CAMT.053 entry without a mandatory element (`Amt`, `CdtDbtInd`, `BookgDt`): where.
    case incompleteEntry(element: String, line: Int)
    case unknownColumns
    case unreadableRow(line: Int)
    /// An amount that does not read as the file's others (its text, line and column): the
    /// whole file is refused.
    case unreadableAmount(String, line: Int, column: Int)
    case empty
    /// The XML library the CAMT.053 reader opens is not installed.
    case readerMissing
    /// Nobody signed in, or the account was never kept here.
    case noAccount
}

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
