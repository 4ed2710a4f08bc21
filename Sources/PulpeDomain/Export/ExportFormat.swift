import Foundation

/// The formats `pulpe export` writes (decision 81): two plain-text accounting journals, a spreadsheet
/// and the server's own export shape.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// An hledger journal (also read by ledger-cli).
    case ledger
    /// A beancount file, valid for `bean-check`.
    case beancount
    /// RFC 4180 CSV, one row per transaction.
    case csv
    /// The shape of `GET /budgets/export` (§15.1).
    case json
}
