import PulpeDomain
import PulpeNetworking

/// Swaps the provisional ids of a write made while its month was being created
/// (`ProvisionalBudget`) for the server's, just before it is sent: the budget found by its month
/// in the year's list, a prévision by the template line it came from. The stored operation keeps
/// its provisional ids, so a replay resolves them again the same way.
struct ProvisionalIds {
    enum Resolution {
        /// The operation with the server's ids (itself when it had none to swap).
        case resolved(WriteOperation)
        /// The month is not on the server yet: the write waits (its creation may be on its way).
        case notYet
        /// The prévision it names is not in the created month (the template changed meanwhile).
        case lineMissing
    }

    let client: PulpeAPIClient
    let yearLists: YearListRequests

    func resolve(_ operation: WriteOperation) async throws(PulpeError) -> Resolution {
        // A tag created offline: its id once the server has it (§14.7 rule 8), else it waits.
        if let tagIds = operation.tagIds, tagIds.contains(where: { ProvisionalTag.name(ofId: $0) != nil }) {
            return try await resolve(operation.withTagIds(try await serverTagIds(tagIds)))
        }
        switch operation {
        case var .createTransaction(new):
            guard let month = ProvisionalBudget.month(ofBudgetId: new.budgetId) else { return .resolved(operation) }
            guard let budgetId = try await budgetId(of: month) else { return .notYet }
            new.budgetId = budgetId
            if let line = new.budgetLineId, let templateLine = ProvisionalBudget.templateLineId(ofLineId: line) {
                // A prévision gone from the created month: the expense stays, free, rather than lost.
                new.budgetLineId = try await lineId(budgetId: budgetId, templateLineId: templateLine)
            }
            return .resolved(.createTransaction(new))
        case var .createBudgetLine(new):
            guard let month = ProvisionalBudget.month(ofBudgetId: new.budgetId) else { return .resolved(operation) }
            guard let budgetId = try await budgetId(of: month) else { return .notYet }
            new.budgetId = budgetId
            return .resolved(.createBudgetLine(new))
        case let .patchBudgetLine(id, changes):
            return try await withLine(id, operation) { .patchBudgetLine(id: $0, changes) }
        case let .deleteBudgetLine(id):
            return try await withLine(id, operation) { .deleteBudgetLine(id: $0) }
        case let .setBudgetLineChecked(id, checked, withTransactions, at):
            return try await withLine(id, operation) {
                .setBudgetLineChecked(id: $0, checked: checked, withTransactions: withTransactions, at: at)
            }
        case let .resetBudgetLine(id):
            return try await withLine(id, operation) { .resetBudgetLine(id: $0) }
        case let .postponeTransaction(id, from, moved):
            // « Move it from the month created offline »: from that month's budget, once it has one.
            guard let month = ProvisionalBudget.month(ofBudgetId: from) else { return .resolved(operation) }
            guard let budgetId = try await budgetId(of: month) else { return .notYet }
            return .resolved(.postponeTransaction(id: id, fromBudget: budgetId, moved: moved))
        case let .postponeBudgetLine(id, from, moved):
            guard let month = ProvisionalBudget.month(ofBudgetId: from) else { return .resolved(operation) }
            guard let budgetId = try await budgetId(of: month) else { return .notYet }
            return .resolved(.postponeBudgetLine(id: id, fromBudget: budgetId, moved: moved))
        default:
            return .resolved(operation)
        }
    }

    private func withLine(_ id: String, _ operation: WriteOperation,
                          _ rebuild: (String) -> WriteOperation) async throws(PulpeError) -> Resolution {
        guard let month = ProvisionalBudget.month(ofLineId: id), let templateLine = ProvisionalBudget.templateLineId(ofLineId: id) else {
            return .resolved(operation)
        }
        guard let budgetId = try await budgetId(of: month) else { return .notYet }
        guard let lineId = try await lineId(budgetId: budgetId, templateLineId: templateLine) else { return .lineMissing }
        return .resolved(rebuild(lineId))
    }

    /// `ids` with each provisional tag swapped for the server's tag of that name (case and accents
    /// aside), lower case and unique. One not on the server yet is created here: its own queued
    /// create may be behind this write (two stores of one gesture run side by side), and a create
    /// by name is safe to repeat (409 → the tag found by name), so that create is then done.
    private func serverTagIds(_ ids: [String]) async throws(PulpeError) -> [String] {
        let byKey = Dictionary(try await client.tags().map { (TagRules.key($0.name), $0.id.lowercased()) }, uniquingKeysWith: { first, _ in first })
        var resolved: [String] = []
        for id in ids {
            let server: String
            if let name = ProvisionalTag.name(ofId: id) {
                if let found = byKey[TagRules.key(name)] {
                    server = found
                } else {
                    server = try await client.createTag(name: name).tag.id.lowercased()
                }
            } else {
                server = id.lowercased()
            }
            if !resolved.contains(server) { resolved.append(server) }
        }
        return resolved
    }

    /// The server's budget of `month`: the year's list, asked again if it does not have it.
    private func budgetId(of month: BudgetMonth) async throws(PulpeError) -> String? {
        if let found = try await yearLists.list(year: month.year).first(where: { $0.budgetMonth == month }) { return found.id }
        await yearLists.forget(year: month.year)
        return try await yearLists.list(year: month.year).first { $0.budgetMonth == month }?.id
    }

    private func lineId(budgetId: String, templateLineId: String) async throws(PulpeError) -> String? {
        try await client.budgetDetails(id: budgetId).budgetLines.first { $0.templateLineId == templateLineId }?.id
    }
}
