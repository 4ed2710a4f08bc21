import Foundation

/// `GET /budgets/export`'s `data` (`pulpe-api.md` §15.1): every month of the account, oldest
/// first, each a budget with its `rollover`, `remaining` and `previousBudgetId` and, beside the
/// budget's own keys (not nested as `/details` nests them), its `transactions` and `budgetLines`.
/// The client's replica reads it, the sandbox writes it and `pulpe export --format json` prints
/// it: one shape on both sides. Unknown keys are ignored (later versions add some).
public struct AccountExportData: Sendable, Hashable {
    /// When the server wrote it (ISO 8601 text, as sent; nil when absent).
    public var exportDate: String?
    /// The months, oldest first as sent.
    public var months: [BudgetDetails]

    public init(exportDate: String?, months: [BudgetDetails]) {
        self.exportDate = exportDate
        self.months = months
    }
}

extension AccountExportData: Codable {
    enum CodingKeys: String, CodingKey { case exportDate, totalBudgets, budgets }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        exportDate = try container.decodeIfPresent(String.self, forKey: .exportDate)
        months = try container.decode([ExportedMonth].self, forKey: .budgets).map(\.details)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(exportDate, forKey: .exportDate)
        try container.encode(months.count, forKey: .totalBudgets)
        try container.encode(months.map(ExportedMonth.init), forKey: .budgets)
    }
}
