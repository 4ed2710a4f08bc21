import Foundation
import Hummingbird
import PulpeDomain

/// Spreads (`docs/contract.md` §16.3): from scratch with an idempotency key, from an existing
/// prévision or free transaction (the source deleted in the same write), and a group's occurrences.
struct SpreadRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)
        router.post("/api/v1/budget-lines/spread") { request, _ in
            let caller = try await auth.authenticate(request)
            try caller.requireWritableKey()
            let body = try Self.create(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            let now = services.now
            let answer = try await services.write { db in try SpreadWrites.create(body, userId: caller.user.id, now: now, in: db) }
            return JSONResponse.success(answer, status: 201)
        }
        // From an existing item: the same body and answer, the source a prévision or a transaction.
        for (path, fromTransaction) in [("/api/v1/budget-lines/:id/spread", false), ("/api/v1/transactions/:id/spread", true)] {
            router.post(RouterPath(path)) { request, context in
                let caller = try await auth.authenticate(request)
                try caller.requireWritableKey()
                let id = try context.uuidParameter("id")
                let periods = try Self.periods(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
                let now = services.now
                let answer = try await services.write { db in
                    fromTransaction ? try SpreadWrites.spreadTransaction(id: id, periods: periods, userId: caller.user.id, now: now, in: db)
                        : try SpreadWrites.spreadLine(id: id, periods: periods, userId: caller.user.id, now: now, in: db)
                }
                return JSONResponse.success(answer, status: 201)
            }
        }
        router.get("/api/v1/budget-lines/spread/:groupId") { request, context in
            let caller = try await auth.authenticate(request)
            let groupId = try context.uuidParameter("groupId")
            let occurrences = try await services.read { db in try SpreadWrites.occurrences(groupId: groupId, userId: caller.user.id, in: db) }
            return JSONResponse.success(occurrences)
        }
    }

    static let createKeys: Set<String> = ["name", "kind", "savingsGoalId", "mode", "months", "perMonthAmount", "perMonthOriginalAmount",
                                          "totalAmount", "totalOriginalAmount", "originalCurrency", "targetCurrency", "exchangeRate",
                                          "spreadGroupId"]

    /// `budgetLineSpreadCreateSchema`: strict; the mode's amount required, the other mode's refused.
    static func create(_ object: [String: JSONValue]) throws -> SpreadWrites.Body {
        var reader = BodyReader(object, allowedKeys: createKeys)
        let name = reader.string("name", required: true, trimmed: true, maxLength: 100)
        let kind = reader.option("kind", required: true, options: ["expense", "saving"])
        let mode = reader.option("mode", required: true, options: ["perMonth", "total"])
        let perMonth = reader.number("perMonthAmount", required: false, exclusiveMinimum: 0)
        let total = reader.number("totalAmount", required: false, exclusiveMinimum: 0)
        let groupId = reader.uuid("spreadGroupId", required: false)
        var issues = reader.issues
        let months = months(object["months"], key: "months", range: 1...36, issues: &issues)
        if let text = name.value, text.isEmpty { issues.append(.tooSmall(origin: "string", minimum: 1, inclusive: true, path: ["name"])) }
        let isPerMonth = mode.value == "perMonth"
        let amount = isPerMonth ? perMonth.value : total.value
        if mode.value != nil, amount == nil {
            issues.append(.custom(isPerMonth ? "perMonthAmount est requis en mode perMonth." : "totalAmount est requis en mode total.", path: []))
        }
        if mode.value != nil, (isPerMonth ? total.value : perMonth.value) != nil {
            issues.append(.custom("Champs de montant incompatibles avec le mode choisi (mélange perMonth/total interdit).", path: []))
        }
        guard issues.isEmpty, let name = name.value, let kind = kind.value.flatMap(TransactionKind.init(rawValue:)), let amount else {
            throw APIError.validation(issues)
        }
        return SpreadWrites.Body(name: name, kind: kind, perMonth: isPerMonth, amount: amount, months: months, groupId: groupId.value?.lowercased())
    }

    /// `{periods}` strict, 2…36 distinct months.
    static func periods(_ object: [String: JSONValue]) throws -> [BudgetMonth] {
        let reader = BodyReader(object, allowedKeys: ["periods"])
        var issues = reader.issues
        let periods = months(object["periods"], key: "periods", range: 2...36, issues: &issues)
        guard issues.isEmpty else { throw APIError.validation(issues) }
        return periods
    }

    private static func months(_ value: JSONValue?, key: String, range: ClosedRange<Int>, issues: inout [ZodIssue]) -> [BudgetMonth] {
        guard case let .array(values)? = value else {
            issues.append(.invalidType(expected: "array", received: value, path: [key]))
            return []
        }
        var months: [BudgetMonth] = []
        for (index, element) in values.enumerated() {
            guard case let .number(year)? = element["year"], case let .number(month)? = element["month"],
                  let y = Int(exactly: NSDecimalNumber(decimal: year)), let m = Int(exactly: NSDecimalNumber(decimal: month)),
                  (2020...2100).contains(y), (1...12).contains(m) else {
                issues.append(.custom("Invalid period", path: [key, "\(index)"]))
                continue
            }
            months.append(BudgetMonth(year: y, month: m))
        }
        if !range.contains(values.count) { issues.append(.custom("Expected \(range.lowerBound) to \(range.upperBound) months", path: [key])) }
        if Set(months).count != months.count { issues.append(.custom("Chaque mois cible ne peut apparaître qu’une fois.", path: [key])) }
        return months
    }
}
