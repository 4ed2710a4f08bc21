import Foundation

/// The whole account (every month of the replica) written in one of the export formats: pure, so
/// the same months always give the same bytes (golden tests, and a re-export diffs cleanly).
public enum AccountExport {
    /// `months`: every month of the account, any order; written oldest first. Days are local to
    /// `zone` (what the lists show); `currency` names the commodity of the journals.
    public static func render(_ months: [BudgetDetails], format: ExportFormat, currency: Currency, in zone: LocalZone) -> String {
        let ordered = months.sorted { ($0.budget.year, $0.budget.month, $0.budget.id) < ($1.budget.year, $1.budget.month, $1.budget.id) }
        switch format {
        case .json:
            return JSONExport.render(ordered, in: zone)
        case .ledger:
            return LedgerExport.render(ordered.map { ExportMonth($0, in: zone) }, currency: currency)
        case .beancount:
            return BeancountExport.render(ordered.map { ExportMonth($0, in: zone) }, currency: currency)
        case .csv:
            return CSVExport.render(ordered.map { ExportMonth($0, in: zone) })
        }
    }
}
