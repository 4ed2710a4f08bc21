import Foundation

/// One hit of a search across months (decision 49): a transaction or a prévision, the month of the
/// budget it belongs to, and where it was found. `GET /transactions/search` answers these
/// (docs/contract.md §14.5); the cache's months are searched the same way offline — and online
/// too, since the real server's text search may answer nothing (§14.5: « do not trust an empty
/// answer »).
public struct SearchHit: Sendable, Hashable, Codable {
    public enum ItemType: String, Sendable, Hashable, Codable {
        case transaction
        case budgetLine = "budget_line"
    }

    public var id: String
    public var itemType: ItemType
    public var name: String
    public var amount: Decimal
    public var kind: TransactionKind
    /// Nil for a prévision.
    public var transactionDate: Date?
    public var budgetId: String
    public var year: Int
    public var month: Int
    /// The prévision a transaction is on, by name: the server's hits do not say (§14.5), the
    /// cache's months do, so a hit found in both takes it from the cache.
    public var lineName: String?

    public init(id: String, itemType: ItemType, name: String, amount: Decimal, kind: TransactionKind, transactionDate: Date?,
                budgetId: String, year: Int, month: Int, lineName: String? = nil) {
        self.lineName = lineName
        self.id = id
        self.itemType = itemType
        self.name = name
        self.amount = amount
        self.kind = kind
        self.transactionDate = transactionDate
        self.budgetId = budgetId
        self.year = year
        self.month = month
    }

    public var budgetMonth: BudgetMonth { BudgetMonth(year: year, month: month) }

    /// The hits of `query` in one month's details: transactions by name (or their prévision's
    /// name), prévisions by name — accents and case aside (`SearchFolding`, as the `/` filter).
    /// `#` words name tags (`tagNames`: the account's, by id).
    public static func hits(_ query: String, in details: BudgetDetails, month: BudgetMonth, tagNames: [String: String] = [:]) -> [SearchHit] {
        let filter = TransactionFilter(query)
        guard filter.isActive else { return [] }
        let names = details.lineNames
        if filter.namesTags {
            let transactions = details.transactions.filter {
                filter.matches(name: $0.name, lineName: $0.budgetLineId.flatMap { names[$0] }, tagIds: $0.tagIds, tagNames: tagNames)
            }.map {
                SearchHit(id: $0.id, itemType: .transaction, name: $0.name, amount: $0.amount, kind: $0.kind,
                          transactionDate: $0.transactionDate, budgetId: details.budget.id, year: month.year, month: month.month,
                          lineName: $0.budgetLineId.flatMap { names[$0] })
            }
            return transactions + lineHits(filter, in: details, month: month, tagNames: tagNames)
        }
        let transactions = details.transactions.filter { filter.matches($0, lineName: $0.budgetLineId.flatMap { names[$0] }) }.map {
            SearchHit(id: $0.id, itemType: .transaction, name: $0.name, amount: $0.amount, kind: $0.kind,
                      transactionDate: $0.transactionDate, budgetId: details.budget.id, year: month.year, month: month.month,
                      lineName: $0.budgetLineId.flatMap { names[$0] })
        }
        let needle = SearchFolding.fold(query.trimmingCharacters(in: .whitespacesAndNewlines))
        let lines = details.budgetLines.filter { SearchFolding.fold($0.name).contains(needle) }.map {
            SearchHit(id: $0.id, itemType: .budgetLine, name: $0.name, amount: $0.amount, kind: $0.kind, transactionDate: nil,
                      budgetId: details.budget.id, year: month.year, month: month.month)
        }
        return transactions + lines
    }

    /// The prévisions of `details` a query with `#` words finds (its tags, and its name for the text).
    public static func lineHits(_ filter: TransactionFilter, in details: BudgetDetails, month: BudgetMonth,
                                tagNames: [String: String]) -> [SearchHit] {
        details.budgetLines.filter { filter.matches(name: $0.name, lineName: nil, tagIds: $0.tagIds, tagNames: tagNames) }.map {
            SearchHit(id: $0.id, itemType: .budgetLine, name: $0.name, amount: $0.amount, kind: $0.kind, transactionDate: nil,
                      budgetId: details.budget.id, year: month.year, month: month.month)
        }
    }

    /// Newest month first, transactions before prévisions within a month, newest transaction first
    /// (the server's order); one hit per id, the first kept (with the prévision's name of a later
    /// one when it has none).
    public static func merged(_ groups: [SearchHit]...) -> [SearchHit] {
        let all = groups.flatMap { $0 }
        var lineNames: [String: String] = [:]
        for hit in all { if let name = hit.lineName, lineNames[hit.id] == nil { lineNames[hit.id] = name } }
        var seen = Set<String>()
        let unique = all.filter { seen.insert($0.id).inserted }.map { hit -> SearchHit in
            var hit = hit
            if hit.lineName == nil { hit.lineName = lineNames[hit.id] }
            return hit
        }
        return unique.sorted { a, b in
            if a.budgetMonth != b.budgetMonth { return a.budgetMonth > b.budgetMonth }
            if a.itemType != b.itemType { return a.itemType == .transaction }
            return (a.transactionDate ?? .distantPast) > (b.transactionDate ?? .distantPast)
        }
    }
}
