import Foundation

/// The account in the shape of `GET /budgets/export` (§15.1), written by the wire type the replica
/// reads (`AccountExportData`): oldest month first, each month's rows by local day then id as in
/// the other formats, timestamps as the backend writes them, amounts as JSON numbers, sorted keys.
///
/// `exportDate` is the newest `updatedAt` of what is exported, not the clock: the output stays a pure
/// function of the months (absent when there are none).
enum JSONExport {
    static func render(_ months: [BudgetDetails], in zone: LocalZone) -> String {
        let newest = months.lazy.flatMap { details in
            [details.budget.updatedAt] + details.budgetLines.map(\.updatedAt) + details.transactions.map(\.updatedAt)
        }.max()
        let export = AccountExportData(exportDate: newest.map { PulpeDate.format($0) }, months: months.map { inOrder($0, zone) })
        guard let data = try? PulpeJSON.encode(export) else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `details` with its transactions by local day, then id.
    private static func inOrder(_ details: BudgetDetails, _ zone: LocalZone) -> BudgetDetails {
        let rows = details.transactions
            .map { (day: $0.day(in: zone), transaction: $0) }
            .sorted { ($0.day, $0.transaction.id) < ($1.day, $1.transaction.id) }
            .map(\.transaction)
        return BudgetDetails(budget: details.budget, transactions: rows, budgetLines: details.budgetLines)
    }
}
