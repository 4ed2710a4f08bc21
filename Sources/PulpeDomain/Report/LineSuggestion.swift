import Foundation

/// A prévision's amount proposed from its history (issue 61, `pulpe line suggest`): over the last
/// months before the current one that had a prévision of that name and kind, what was allocated
/// to it — the mean, the median and the most recent — to the cent.
public struct LineSuggestion: Sendable, Hashable {
    public enum Basis: String, Sendable, Hashable, CaseIterable {
        case mean, median, last
    }

    public var name: String
    public var kind: TransactionKind
    /// The amount planned now.
    public var current: Decimal
    /// The months counted, oldest first, and what was allocated in each.
    public var history: [MonthAmount]

    public init(name: String, kind: TransactionKind, current: Decimal, history: [MonthAmount]) {
        self.name = name
        self.kind = kind
        self.current = current
        self.history = history
    }

    /// The amount on `basis`; nil without history.
    public func amount(_ basis: Basis) -> Decimal? {
        let values = history.map(\.actual)
        guard !values.isEmpty else { return nil }
        switch basis {
        case .last: return values.last
        case .mean: return MoneyFormatter.rounded(values.reduce(0, +) / Decimal(values.count), scale: 2)
        case .median:
            let sorted = values.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : MoneyFormatter.rounded((sorted[middle - 1] + sorted[middle]) / 2, scale: 2)
        }
    }

    /// Every prévision of `current` (its month's details), with the `months` budget months before it
    /// that had a prévision of the same name and kind in `account`.
    public static func suggestions(for current: BudgetDetails, in account: [BudgetDetails], months: Int) -> [LineSuggestion] {
        let month = BudgetMonth(year: current.budget.year, month: current.budget.month)
        let range = (1...max(1, months)).map { month.advanced(by: -$0) }.reversed()
        let report = BudgetReport.build(account, months: Array(range), by: .line)
        return current.budgetLines.map { line in
            let row = report.rows.first { $0.key == line.name && $0.kind == line.kind }
            let history = range.compactMap { past -> MonthAmount? in
                guard let row, row.planned[past] != nil || row.actual[past] != nil else { return nil }
                return MonthAmount(month: past, actual: row.actual[past] ?? 0)
            }
            return LineSuggestion(name: line.name, kind: line.kind, current: line.amount, history: history)
        }
    }
}
