import Foundation
import GRDB
import PulpeDomain

/// The tag routes' rules (§15.2, the backend's tag use cases): names unique per user case aside,
/// a delete unlinks the tag from every item, and the ids an item carries must be the caller's.
enum TagWrites {
    static func create(name: String, userId: String, now: Date, in db: Database) throws -> Tag {
        if try TagStore.tag(nameKey: TagRules.key(name), userId: userId, in: db) != nil { throw alreadyExists(name) }
        let tag = Tag(id: UUIDText.random(), userId: userId, name: name, createdAt: now, updatedAt: now)
        try TagStore.insert(tag, in: db)
        return tag
    }

    static func rename(id: String, to name: String?, userId: String, now: Date, in db: Database) throws -> Tag {
        // `PATCH {}` answers 404 even for an existing tag (the update touches no row).
        guard let name, var tag = try TagStore.tag(id: id, userId: userId, in: db) else { throw notFound(id) }
        if let other = try TagStore.tag(nameKey: TagRules.key(name), userId: userId, in: db), other.id != id { throw alreadyExists(name) }
        tag.name = name
        tag.updatedAt = now
        try TagStore.update(tag, in: db)
        return tag
    }

    /// Unknown ids answer 200 too; the tag's links go from transactions and prévisions.
    static func delete(id: String, userId: String, now: Date, in db: Database) throws {
        guard try TagStore.tag(id: id, userId: userId, in: db) != nil else { return }
        try TagStore.delete(id: id, in: db)
        let budgets = try BudgetStore.budgets(userId: userId, in: db).map(\.id)
        for var transaction in try TransactionStore.transactions(budgetIds: budgets, in: db).values.joined()
        where transaction.tagIds.contains(id) {
            transaction.tagIds.removeAll { $0 == id }
            try TransactionStore.update(transaction, in: db)
        }
        for var line in try BudgetLineStore.lines(budgetIds: budgets, in: db).values.joined() where line.tagIds.contains(id) {
            line.tagIds.removeAll { $0 == id }
            try BudgetLineStore.update(line, in: db)
        }
    }

    /// Every id must name one of the caller's tags: else 404 `ERR_TAG_NOT_FOUND`, nothing written.
    static func requireOwned(_ ids: [String]?, userId: String, in db: Database) throws {
        for id in ids ?? [] where try TagStore.tag(id: id, userId: userId, in: db) == nil { throw notFound(id) }
    }

    /// `GET /tags/:id/history` from the caller's months.
    static func history(id: String, months: Int, end: BudgetMonth, userId: String, in db: Database) throws -> TagHistory {
        guard try TagStore.tag(id: id, userId: userId, in: db) != nil else { throw notFound(id) }
        let first = end.advanced(by: 1 - months)
        let budgets = try BudgetStore.budgets(userId: userId, in: db).filter { budget in
            let month = BudgetMonth(year: budget.year, month: budget.month)
            return month >= first && month <= end
        }
        let ids = budgets.map(\.id)
        let transactions = try TransactionStore.transactions(budgetIds: ids, in: db)
        let lines = try BudgetLineStore.lines(budgetIds: ids, in: db)
        let details = budgets.map { budget in
            BudgetDetails(budget: budget, transactions: transactions[budget.id] ?? [], budgetLines: lines[budget.id] ?? [])
        }
        return TagHistory.compute(tagId: id, months: months, end: end, from: details)
    }

    static func notFound(_ id: String) -> APIError {
        .business(code: "ERR_TAG_NOT_FOUND", status: 404, "Tag not found", details: ["id": .string(id)])
    }

    static func alreadyExists(_ name: String) -> APIError {
        .business(code: "ERR_TAG_ALREADY_EXISTS", status: 409, "A tag named '\(name)' already exists", details: ["name": .string(name)])
    }
}
