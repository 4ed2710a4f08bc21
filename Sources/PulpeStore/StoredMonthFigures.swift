import PulpeDomain

/// A month's figures and transaction count as the cache keeps them beside its rows (the
/// `figures` column): computed from every row when the month is saved, so a preview of a
/// 100 000-row month shows the same panels as the whole month before its rows are read.
struct StoredMonthFigures: Codable {
    var figures: MonthFigures
    var transactionCount: Int

    init(_ details: BudgetDetails) {
        figures = details.figures
        transactionCount = details.transactionCount
    }
}
