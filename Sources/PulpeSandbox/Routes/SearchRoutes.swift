import Foundation
import Hummingbird
import PulpeDomain

/// `GET /api/v1/transactions/search` (`docs/contract.md` §14.5): `q` 2…100 characters, matched
/// as a case-insensitive substring (accents not folded, like `ilike`) in transactions' and
/// prévisions' names; `years` repeated keys narrow it. At most 25 transactions (newest date) and
/// 25 prévisions (newest created), newest month first, transactions before lines in a month.
/// (The real server's text search is probably broken since upstream 10e7e90b5 — the client never
/// trusts an empty answer and searches its cache too; the sandbox answers what was meant.)
struct SearchRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)
        router.get("/api/v1/transactions/search") { request, _ in
            let caller = try await auth.authenticate(request)
            let query = request.uri.queryParameters.get("q") ?? ""
            // §15.2: `tagIds` (OR between them, AND with `q`); `q` is optional once a tag is given.
            let tags = Set(request.uri.queryParameters.getAll("tagIds").map { $0.lowercased() })
            guard (2...100).contains(query.count) || (query.isEmpty && !tags.isEmpty) else {
                throw APIError.transactionInvalid("q must be 2 to 100 characters")
            }
            let thisYear = Calendar(identifier: .gregorian).component(.year, from: services.now)
            var years: [Int] = []
            for text in request.uri.queryParameters.getAll("years") {
                // `parseInt`: leading digits count (« 2026abc » = 2026); no digits: ignored.
                guard let year = Int(text.prefix { $0.isNumber }), (1900...thisYear + 100).contains(year) else { continue }
                if year < 2020 || year > thisYear + 10 { throw APIError.transactionInvalid("year \(year) out of range") }
                years.append(year)
            }
            // As deployed, the quoted pattern matches no name at all (the tag search works).
            if services.deployedSearch, !query.isEmpty { return JSONResponse.success([Hit]()) }
            let needle = query.lowercased()
            let matches: @Sendable (String, [String]) -> Bool = { name, tagIds in
                (needle.isEmpty || name.lowercased().contains(needle)) && (tags.isEmpty || !tags.isDisjoint(with: tagIds))
            }
            let wanted = years
            let hits = try await services.read { db -> [Hit] in
                let budgets = try BudgetStore.budgets(userId: caller.user.id, in: db)
                    .filter { wanted.isEmpty || wanted.contains($0.year) }
                let byId = Dictionary(uniqueKeysWithValues: budgets.map { ($0.id, $0) })
                let transactions = try TransactionStore.transactions(budgetIds: budgets.map(\.id), in: db).values.flatMap { $0 }
                    .filter { matches($0.name, $0.tagIds) }
                    .sorted { $0.transactionDate > $1.transactionDate }.prefix(25)
                let lines = try BudgetLineStore.lines(budgetIds: budgets.map(\.id), in: db).values.flatMap { $0 }
                    .filter { matches($0.name, $0.tagIds) }
                    .sorted { $0.createdAt > $1.createdAt }.prefix(25)
                let found = transactions.compactMap { t in byId[t.budgetId].map { Hit(caller.visibility.transaction(t), budget: $0) } }
                    + lines.compactMap { l in byId[l.budgetId].map { Hit(caller.visibility.line(l), budget: $0) } }
                return found.sorted { a, b in
                    if a.year != b.year { return a.year > b.year }
                    if a.month != b.month { return a.month > b.month }
                    return a.itemType == "transaction" && b.itemType != "transaction"
                }
            }
            return JSONResponse.success(hits)
        }
    }

    /// One hit, in the backend's shape.
    struct Hit: Encodable {
        let id: String
        let itemType: String
        let name: String
        let amount: Decimal
        let kind: TransactionKind
        let recurrence: String?
        let transactionDate: String?
        let budgetId: String
        let budgetName: String
        let year: Int
        let month: Int
        let monthLabel: String

        init(_ transaction: Transaction, budget: Budget) {
            id = transaction.id
            itemType = "transaction"
            name = transaction.name
            amount = transaction.amount
            kind = transaction.kind
            recurrence = nil
            transactionDate = PulpeDate.format(transaction.transactionDate)
            budgetId = budget.id
            budgetName = budget.description
            year = budget.year
            month = budget.month
            monthLabel = FrenchMonths.name(budget.month)
        }

        init(_ line: BudgetLine, budget: Budget) {
            id = line.id
            itemType = "budget_line"
            name = line.name
            amount = line.amount
            kind = line.kind
            recurrence = line.recurrence.rawValue
            transactionDate = nil
            budgetId = budget.id
            budgetName = budget.description
            year = budget.year
            month = budget.month
            monthLabel = FrenchMonths.name(budget.month)
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(itemType, forKey: .itemType)
            try c.encode(name, forKey: .name)
            try c.encode(amount, forKey: .amount)
            try c.encode(kind, forKey: .kind)
            try c.encode(recurrence, forKey: .recurrence)
            try c.encode(transactionDate, forKey: .transactionDate)
            try c.encode(budgetId, forKey: .budgetId)
            try c.encode(budgetName, forKey: .budgetName)
            try c.encode(year, forKey: .year)
            try c.encode(month, forKey: .month)
            try c.encode(monthLabel, forKey: .monthLabel)
        }

        enum CodingKeys: String, CodingKey {
            case id, itemType, name, amount, kind, recurrence, transactionDate, budgetId, budgetName, year, month, monthLabel
        }
    }
}
