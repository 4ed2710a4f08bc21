import Foundation
import PulpeDomain

extension PulpeAPIClient {
    /// `PUT /api/v1/users/settings` (§16.6): strict; answers the settings as they are now.
    public func updateSettings(_ change: SettingsChange) async throws(PulpeError) -> UserSettings {
        let body = try APIRequest.jsonBody(change)
        return try await perform(APIRequest(.put, .api("users/settings"), access: .bearerAndClientKey, body: body, isIdempotent: true))
            .enveloped(UserSettings.self)
    }

    /// `GET /api/v1/users/settings`.
    public func userSettings() async throws(PulpeError) -> UserSettings {
        try await perform(APIRequest(.get, .api("users/settings"), access: .bearerAndClientKey)).enveloped(UserSettings.self)
    }

    /// `GET /api/v1/budgets`: every budget, newest first, each with `remaining`.
    public func budgets() async throws(PulpeError) -> [Budget] {
        try await perform(APIRequest(.get, .api("budgets"), access: .bearerAndClientKey)).enveloped([Budget].self)
    }

    /// `GET /api/v1/budgets?fields=…&year=…&limit=…`: `id` plus only the named fields
    /// (the year view asks for `month,year,remaining`). `limit` is 1…36 on the server.
    public func budgetSummaries(fields: [BudgetField], year: Int? = nil,
                                limit: Int? = nil) async throws(PulpeError) -> [BudgetSummary] {
        var query = [URLQueryItem(name: "fields", value: fields.map(\.rawValue).joined(separator: ","))]
        if let year { query.append(URLQueryItem(name: "year", value: String(year))) }
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        return try await perform(APIRequest(.get, .api("budgets"), access: .bearerAndClientKey, query: query))
            .enveloped([BudgetSummary].self)
    }

    /// `GET /api/v1/budgets/:id` (no `remaining`, no `rollover`).
    public func budget(id: String) async throws(PulpeError) -> Budget {
        try await perform(APIRequest(.get, .api("budgets/\(APIRequest.segment(id))"), access: .bearerAndClientKey))
            .enveloped(Budget.self)
    }

    /// `GET /api/v1/budgets/:id/details`: the budget with `rollover`, its lines and transactions.
    /// `held`: the copy of this month already in memory (its ids and names are then shared).
    ///
    /// Read as it arrives (a 100 000-row month's body is never held whole, decision 69); an answer
    /// that cannot be read that way once rows were taken out of it, or whose rest does not decode,
    /// is asked for again and decoded whole: the same month, or the same error, as without streaming.
    public func budgetDetails(id: String, reusing held: [Transaction] = []) async throws(PulpeError) -> BudgetDetails {
        switch try await budgetDetails(id: id, reusing: held, unlessTagged: nil) {
        case let .details(month, _): month
        case .notModified: throw PulpeError(.decoding, context: ErrorContext(method: "GET", path: "budgets/\(id)/details"))
        }
    }

    /// The same, asked with `If-None-Match: tag` (the ETag of the copy held): `.notModified` when
    /// the server answers 304 — nothing to read or to write (issue 61); else the month and its
    /// ETag, to send next time.
    public func budgetDetails(id: String, reusing held: [Transaction], unlessTagged tag: String?) async throws(PulpeError)
        -> MonthDetailsRead {
        var request = APIRequest(.get, .api("budgets/\(APIRequest.segment(id))/details"), access: .bearerAndClientKey)
        request.streamsMonth = held
        request.ifNoneMatch = tag
        let streamed = try await perform(request)
        if streamed.response.status == 304 { return .notModified }
        if let month = try streamed.streamedDetails(reusing: held) { return .details(month, etag: streamed.response.headers["ETag"]) }
        request.streamsMonth = nil
        let whole = try await perform(request)
        if whole.response.status == 304 { return .notModified }
        return .details(try whole.envelopedDetails(reusing: held), etag: whole.response.headers["ETag"])
    }

    /// `GET /api/v1/budgets/export` (§15.1): every month of the account, oldest first, in one
    /// heavy answer (the server decrypts everything): the replica's read, never on the input path.
    public func accountExport() async throws(PulpeError) -> AccountExportData {
        try await perform(APIRequest(.get, .api("budgets/export"), access: .bearerAndClientKey)).envelopedExport()
    }

    /// The same, undecoded when its `ExportDigest` is `unless` (the account unchanged since the
    /// read that gave it): no parse, nothing to write.
    public func accountExport(unless digest: String?) async throws(PulpeError) -> AccountExportRead {
        let answer = try await perform(APIRequest(.get, .api("budgets/export"), access: .bearerAndClientKey))
        let read = ExportDigest.of(answer.response.body)
        if let read, read == digest { return .unchanged(digest: read) }
        return .read(try answer.envelopedExport(), digest: read)
    }

    /// `GET /api/v1/budgets/exists` → whether the user has any budget (not enveloped).
    public func budgetExists() async throws(PulpeError) -> Bool {
        try await perform(APIRequest(.get, .api("budgets/exists"), access: .bearerAndClientKey))
            .plain(BudgetExistence.self).hasBudget
    }

    /// `GET /api/v1/budget-templates`.
    public func budgetTemplates() async throws(PulpeError) -> [BudgetTemplate] {
        try await perform(APIRequest(.get, .api("budget-templates"), access: .bearerAndClientKey))
            .enveloped([BudgetTemplate].self)
    }

    /// `GET /api/v1/budget-templates/:id/lines`, by name (§14.4).
    public func templateLines(_ templateId: String) async throws(PulpeError) -> [TemplatePreview.Line] {
        try await perform(APIRequest(.get, .api("budget-templates/\(templateId)/lines"), access: .bearerAndClientKey))
            .enveloped([TemplatePreview.Line].self)
    }

    /// `POST /api/v1/budgets/generate` → 201: `count` months from `from` (those that exist are
    /// skipped by the server), safe to resend (§14.4).
    public func generateBudgets(templateId: String, from month: BudgetMonth, count: Int) async throws(PulpeError) {
        let body = try APIRequest.jsonBody(GenerateBudgetsBody(templateId: templateId, startMonth: month.month,
                                                               startYear: month.year, count: count))
        _ = try await perform(APIRequest(.post, .api("budgets/generate"), access: .bearerAndClientKey, body: body,
                                         isIdempotent: true))
    }

    /// `POST /api/v1/budgets` → 201. A month that has one → `.conflict(.budgetAlreadyExists)`.
    /// Not retried (the body has no client id).
    public func createBudget(_ budget: NewBudget) async throws(PulpeError) -> Budget {
        let body = try APIRequest.jsonBody(budget)
        return try await perform(APIRequest(.post, .api("budgets"), access: .bearerAndClientKey, body: body))
            .enveloped(Budget.self)
    }
}

/// `POST /budgets/generate`'s body.
struct GenerateBudgetsBody: Encodable {
    let templateId: String
    let startMonth: Int
    let startYear: Int
    let count: Int
}
