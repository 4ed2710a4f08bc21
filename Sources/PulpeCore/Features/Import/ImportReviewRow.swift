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
