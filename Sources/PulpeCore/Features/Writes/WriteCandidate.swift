import Foundation
import PulpeDomain

/// An item a target could mean, as a refusal lists it (name, day, amount, id).
public struct WriteCandidate: Sendable, Hashable {
    public var id: String
    public var name: String
    public var day: CalendarDay?
    public var amount: Decimal
    public var kind: TransactionKind

    public init(_ transaction: Transaction, timeZone: LocalZone) {
        id = transaction.id
        name = transaction.name
        day = transaction.day(in: timeZone)
        amount = transaction.amount
        kind = transaction.kind
    }

    public init(_ line: BudgetLine) {
        id = line.id
        name = line.name
        day = nil
        amount = line.amount
        kind = line.kind
    }

    /// A template line (`pulpe template line …` naming one that is not there).
    public init(id: String, name: String, amount: Decimal, kind: TransactionKind) {
        self.id = id
        self.name = name
        day = nil
        self.amount = amount
        self.kind = kind
    }
}
