import Foundation

/// One month of the export: the budget's keys and, at the same level, its rows.
struct ExportedMonth: Codable {
    var details: BudgetDetails

    init(_ details: BudgetDetails) { self.details = details }

    enum CodingKeys: String, CodingKey { case transactions, budgetLines }

    init(from decoder: any Decoder) throws {
        let budget = try Budget(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        details = BudgetDetails(budget: budget,
                                transactions: try container.decodeIfPresent([Transaction].self, forKey: .transactions) ?? [],
                                budgetLines: try container.decodeIfPresent([BudgetLine].self, forKey: .budgetLines) ?? [])
    }

    func encode(to encoder: any Encoder) throws {
        try details.budget.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(details.transactions, forKey: .transactions)
        try container.encode(details.budgetLines, forKey: .budgetLines)
    }
}
