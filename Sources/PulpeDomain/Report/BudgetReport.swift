import Foundation

/// Planned against actual, month by month (issue 61): what `hledger bal -M --budget` shows, with
/// Pulpe's envelope rule — a prévision's actual is what is allocated to it; a free transaction is
/// « hors prévision ». Built from the months as the panels show them (what waits applied).
public struct BudgetReport: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        /// The prévision's or tag's name, « hors prévision », or the kind.
        public var key: String
        /// Nil for a tag (it may gather several kinds).
        public var kind: TransactionKind?
        public var planned: [BudgetMonth: Decimal] = [:]
        public var actual: [BudgetMonth: Decimal] = [:]

        public var plannedTotal: Decimal { planned.values.reduce(0, +) }
        public var actualTotal: Decimal { actual.values.reduce(0, +) }

        /// Per month, what was spent (or saved) beyond the plan; income is never « over ».
        public func overrun(in month: BudgetMonth) -> Decimal {
            guard kind != .income else { return 0 }
            return max(0, (actual[month] ?? 0) - (planned[month] ?? 0))
        }

        /// The months it ran over, oldest first.
        public func monthsOver(_ months: [BudgetMonth]) -> [BudgetMonth] { months.filter { overrun(in: $0) > 0 } }
    }

    /// The months reported, oldest first.
    public var months: [BudgetMonth]
    public var rows: [Row]

    /// `months` of `details` (each month's budget, lines and transactions) grouped `by`; a
    /// transaction (of its budget month, on its prévision) counts only when `keep` says so (a
    /// query), the plan always.
    public static func build(_ details: [BudgetDetails], months: [BudgetMonth], by axis: ReportAxis,
                             tagNames: [String: String] = [:],
                             keep: (Transaction, BudgetMonth, BudgetLine?) -> Bool = { _, _, _ in true }) -> BudgetReport {
        let wanted = Set(months)
        var rows: [String: Row] = [:]
        var order: [String] = []
        func add(_ key: String, _ kind: TransactionKind?, month: BudgetMonth, planned: Decimal = 0, actual: Decimal = 0) {
            let id = key + "\u{1F}" + (kind?.rawValue ?? "")
            if rows[id] == nil {
                rows[id] = Row(key: key, kind: kind)
                order.append(id)
            }
            if planned != 0 { rows[id]?.planned[month, default: 0] += planned }
            if actual != 0 { rows[id]?.actual[month, default: 0] += actual }
        }
        func tags(_ ids: [String]) -> [String] { ids.map { tagNames[$0.lowercased()] ?? tagNames[$0] ?? $0 } }
        for month in details where wanted.contains(BudgetMonth(year: month.budget.year, month: month.budget.month)) {
            let budgetMonth = BudgetMonth(year: month.budget.year, month: month.budget.month)
            let lines = Dictionary(month.budgetLines.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for line in month.budgetLines {
                switch axis {
                case .line: add(line.name, line.kind, month: budgetMonth, planned: line.amount)
                case .kind: add(line.kind.rawValue, line.kind, month: budgetMonth, planned: line.amount)
                case .tag: for tag in tags(line.tagIds) { add(tag, nil, month: budgetMonth, planned: line.signed) }
                }
            }
            for transaction in month.transactions {
                let line = transaction.budgetLineId.flatMap { lines[$0] }
                guard keep(transaction, budgetMonth, line) else { continue }
                switch axis {
                case .line: add(line?.name ?? Self.free, line?.kind ?? transaction.kind, month: budgetMonth, actual: transaction.amount)
                case .kind: add(transaction.kind.rawValue, transaction.kind, month: budgetMonth, actual: transaction.amount)
                case .tag:
                    for tag in tags(transaction.tagIds) { add(tag, nil, month: budgetMonth, actual: transaction.signed) }
                }
            }
        }
        return BudgetReport(months: months.sorted(), rows: order.compactMap { rows[$0] })
    }

    /// The key of the free transactions, as `pulpe export` names their account.
    public static let free = ExportNames.free
}

extension BudgetLine {
    /// Income adds, expenses and savings take away: a tag may gather every kind.
    var signed: Decimal { kind == .income ? amount : -amount }
}

extension Transaction {
    var signed: Decimal { kind == .income ? amount : -amount }
}
