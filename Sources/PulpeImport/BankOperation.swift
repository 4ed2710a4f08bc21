import Foundation
import PulpeDomain

/// One operation of a bank statement, as the import reads it: a booking of the account (or one
/// transaction of a batch), its day, its amount (positive; the kind says which way), a name for
/// Pulpe and the bank's own reference when the file gives one.
public struct BankOperation: Hashable, Sendable {
    /// The booking day (`BookgDt`), else the value day.
    public var date: CalendarDay
    /// Always positive: `kind` says whether it came in or went out.
    public var amount: Decimal
    /// `.income` for a credit, `.expense` for a debit (never a saving: the user decides that).
    public var kind: TransactionKind
    /// The counterparty (creditor of a payment, debtor of a credit), else the remittance text.
    public var name: String
    /// The remittance information, when it says more than the name.
    public var details: String?
    /// The bank's reference (`AcctSvcrRef`): the best key against a second import.
    public var reference: String?
    /// The account it was booked on (IBAN or the file's account id; empty for a CSV).
    public var account: String
    /// ISO code of the amount.
    public var currency: String
    /// A reversal (`RvslInd`): booked the other way to undo an earlier one.
    public var isReversal: Bool

    public init(date: CalendarDay, amount: Decimal, kind: TransactionKind, name: String, details: String? = nil,
                reference: String? = nil, account: String = "", currency: String = "CHF", isReversal: Bool = false) {
        self.date = date
        self.amount = amount
        self.kind = kind
        self.name = name
        self.details = details
        self.reference = reference
        self.account = account
        self.currency = currency
        self.isReversal = isReversal
    }

    /// The name an operation goes by when its statement gives none (or only controls): what the
    /// readers and the plan fall back to.
    public static let defaultName = "Opération bancaire"

    /// The amount signed as the account saw it (a debit negative).
    public var signedAmount: Decimal { kind == .income ? amount : -amount }
}
