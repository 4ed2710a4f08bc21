import Foundation

/// A month whose creation waits in the outbox, shown and written to at once (decision 52: created
/// offline, it is usable at once). `POST /budgets` takes no client id, so until the server has
/// the month its budget and prévisions carry provisional ids that name what they stand for: the
/// budget by its month, a prévision by the template line it comes from (the server's budget line
/// keeps it as `templateLineId`). Writes that use them wait behind the creation
/// (`WriteOperation.needs`), and the outbox swaps the real ids in when it sends them
/// (`ProvisionalIds` in PulpeServices).
public enum ProvisionalBudget {
    static let budgetPrefix = "provisional-budget:"
    static let linePrefix = "provisional-line:"

    /// The budget id a month being created goes by: `provisional-budget:2027-03`.
    public static func budgetId(_ month: BudgetMonth) -> String { budgetPrefix + month.description }

    /// The prévision id of template line `templateLineId` in month `month`:
    /// `provisional-line:2027-03:<template line id>`.
    public static func lineId(_ month: BudgetMonth, templateLineId: String) -> String {
        "\(linePrefix)\(month.description):\(templateLineId)"
    }

    public static func isProvisional(_ id: String) -> Bool { id.hasPrefix(budgetPrefix) || id.hasPrefix(linePrefix) }

    /// The month a provisional budget id stands for; nil for a server id.
    public static func month(ofBudgetId id: String) -> BudgetMonth? {
        guard id.hasPrefix(budgetPrefix) else { return nil }
        return parseMonth(id.dropFirst(budgetPrefix.count))
    }

    /// The month of a provisional prévision id; nil for a server or client id.
    public static func month(ofLineId id: String) -> BudgetMonth? {
        guard id.hasPrefix(linePrefix) else { return nil }
        return parseMonth(id.dropFirst(linePrefix.count).prefix(7))
    }

    /// The template line a provisional prévision id stands for.
    public static func templateLineId(ofLineId id: String) -> String? {
        guard id.hasPrefix(linePrefix) else { return nil }
        let rest = id.dropFirst(linePrefix.count)
        guard rest.count > 8 else { return nil }
        return String(rest.dropFirst(8))
    }

    private static func parseMonth(_ text: Substring) -> BudgetMonth? {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month) else { return nil }
        return BudgetMonth(year: year, month: month)
    }

    /// The month as it will be once created from `lines`: every prévision at its plan, nothing
    /// spent, no rollover known yet (« avant le report »). `now` stamps the rows.
    public static func details(month: BudgetMonth, templateId: String, lines: [TemplatePreview.Line], now: Date) -> BudgetDetails {
        let id = budgetId(month)
        let budget = Budget(id: id, createdAt: now, updatedAt: now, userId: "", templateId: templateId, month: month.month,
                            year: month.year, rollover: 0)
        let budgetLines = lines.enumerated().map { index, line in
            let templateLine = line.id ?? "\(index)"
            return BudgetLine(id: lineId(month, templateLineId: templateLine), budgetId: id, templateLineId: line.id, name: line.name,
                              amount: line.amount, kind: line.kind, createdAt: now, updatedAt: now)
        }
        return BudgetDetails(budget: budget, transactions: [], budgetLines: budgetLines)
    }
}
