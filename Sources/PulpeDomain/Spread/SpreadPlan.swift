import Foundation

/// A prévision spread over months (§16.3, « lisser »): one one-off prévision per month sharing
/// `groupId`. From scratch (`source` nil): `POST /budget-lines/spread`, `groupId` the idempotency
/// key the client draws. From an existing one-off prévision or free transaction: its amount split
/// over `months` (its own month included) and the source deleted in the same write
/// (`/budget-lines/:id/spread`, `/transactions/:id/spread`); the server names that group.
public struct SpreadPlan: Hashable, Sendable, Codable {
    public enum Source: Hashable, Sendable, Codable {
        case line(String)
        case transaction(String)
    }

    public var groupId: String
    public var source: Source?
    public var name: String
    public var kind: TransactionKind
    /// `perMonth`: `amount` in every month; else `amount` is the total, split cent-exact.
    public var perMonth: Bool
    public var amount: Decimal
    public var months: [BudgetMonth]

    public init(groupId: String, source: Source? = nil, name: String, kind: TransactionKind, perMonth: Bool, amount: Decimal,
                months: [BudgetMonth]) {
        self.groupId = groupId
        self.source = source
        self.name = name
        self.kind = kind
        self.perMonth = perMonth
        self.amount = amount
        self.months = months
    }

    /// Each month's amount, as the server makes them: the same, or the total to the cent with the
    /// remainder on the first months (`splitTotalPreserving`).
    public var amounts: [Decimal] {
        guard !perMonth else { return months.map { _ in amount } }
        return Self.split(amount, into: months.count)
    }

    public static func split(_ total: Decimal, into count: Int) -> [Decimal] {
        guard count > 0 else { return [] }
        var cents = total * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &cents, 0, .plain)
        let whole = NSDecimalNumber(decimal: rounded).int64Value
        let base = whole / Int64(count), remainder = whole % Int64(count)
        return (0..<count).map { index in Decimal(base + (Int64(index) < remainder ? 1 : 0)) / 100 }
    }

    /// The months from `first` on, `count` of them (the shell's `--months N`).
    public static func months(from first: BudgetMonth, count: Int) -> [BudgetMonth] {
        (0..<max(0, count)).map { first.advanced(by: $0) }
    }

    /// Whether a line of `month` is this spread's share as the server made it (a spread from an
    /// item gets its group id from the server: found by name, kind and amount).
    public func isShare(_ line: BudgetLine, in month: BudgetMonth) -> Bool {
        guard let group = line.spreadGroupId, let index = months.firstIndex(of: month) else { return false }
        if source == nil { return group == groupId }
        return line.name == name && line.kind == kind && line.amount == amounts[index]
    }

    /// The provisional id of the prévision shown in `month` while the spread waits.
    public func provisionalLineId(in month: BudgetMonth) -> String { "spread-\(groupId)-\(month)" }
}

extension WriteOperation {
    /// The other months a group write shows in while it waits (a spread's, a « Piocher » pair's).
    public var groupMonths: [BudgetMonth] {
        switch self {
        case let .spread(plan): plan.months
        case let .savingsWithdrawal(plan): [plan.month, plan.month.next]
        case let .deleteSavingsWithdrawal(_, _, months): months
        default: []
        }
    }
}
