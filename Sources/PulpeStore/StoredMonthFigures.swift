import PulpeDomain

/// A month's figures and transaction count as the cache keeps them beside its rows (the
/// `figures` column): computed from every row when the month is saved, so a preview of a
/// 100 000-row month shows the same panels as the whole month before its rows are read.
struct StoredMonthFigures: Codable {
    var figures: MonthFigures
    var transactionCount: Int
    /// The server's ETag of exactly what was saved with it (a month read from `/details`); any
    /// other save clears it, so a 304 to it always means the rows kept are the server's.
    var etag: String?

    init(_ details: BudgetDetails, etag: String? = nil) {
        figures = details.figures
        transactionCount = details.transactionCount
        self.etag = etag
    }
}
