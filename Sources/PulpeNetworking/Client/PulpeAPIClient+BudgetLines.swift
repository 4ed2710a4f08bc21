import Foundation
import PulpeDomain

/// The prévision writes of docs/contract.md §14.3. Only the create carries a client id; the
/// toggle flips and is never retried (a toggle applied twice is a toggle undone); the sync engine
/// reads the line first and toggles only when it differs.
extension PulpeAPIClient {
    /// `GET /api/v1/budget-lines/:id`.
    public func budgetLine(id: String) async throws(PulpeError) -> BudgetLine {
        try await perform(APIRequest(.get, .api("budget-lines/\(APIRequest.segment(id))"), access: .bearerAndClientKey))
            .enveloped(BudgetLine.self)
    }

    /// `POST /api/v1/budget-lines` with the client id (201; 409 on a replay: already created).
    public func createBudgetLine(_ line: NewBudgetLine) async throws(PulpeError) {
        let body = try APIRequest.jsonBody(BudgetLineCreateBody(line))
        _ = try await perform(APIRequest(.post, .api("budget-lines"), access: .bearerAndClientKey, body: body, isIdempotent: true))
    }

    /// `PATCH /api/v1/budget-lines/:id`, always with `id` and `isManuallyAdjusted: true` (omitting
    /// the flag writes `false`, §14.3).
    public func updateBudgetLine(id: String, _ changes: BudgetLineChanges) async throws(PulpeError) {
        let body = try APIRequest.jsonBody(BudgetLinePatchBody(id: id, changes: changes))
        _ = try await perform(APIRequest(.patch, .api("budget-lines/\(APIRequest.segment(id))"), access: .bearerAndClientKey,
                                         body: body))
    }

    /// `DELETE /api/v1/budget-lines/:id`: its transactions stay, free.
    public func deleteBudgetLine(id: String) async throws(PulpeError) {
        _ = try await perform(APIRequest(.delete, .api("budget-lines/\(APIRequest.segment(id))"), access: .bearerAndClientKey))
    }

    /// `POST /api/v1/budget-lines/:id/toggle-check` → 201, flipped. Never retried.
    public func toggleBudgetLineCheck(id: String) async throws(PulpeError) {
        _ = try await perform(APIRequest(.post, .api("budget-lines/\(APIRequest.segment(id))/toggle-check"),
                                         access: .bearerAndClientKey))
    }

    /// `POST /api/v1/budget-lines/:id/postpone` → 201, moved to next month's budget. Never
    /// retried here: a replay moves it again (the outbox reads the line before each send).
    public func postponeBudgetLine(id: String) async throws(PulpeError) {
        _ = try await perform(APIRequest(.post, .api("budget-lines/\(APIRequest.segment(id))/postpone"),
                                         access: .bearerAndClientKey))
    }

    /// `POST /api/v1/budget-lines/:id/check-transactions`: checks its transactions not yet
    /// checked, never unchecks (safe to resend).
    public func checkBudgetLineTransactions(id: String) async throws(PulpeError) {
        _ = try await perform(APIRequest(.post, .api("budget-lines/\(APIRequest.segment(id))/check-transactions"),
                                         access: .bearerAndClientKey, isIdempotent: true))
    }

    /// `POST /api/v1/budget-lines/:id/reset-from-template` → 201 (400 when it has no template line).
    public func resetBudgetLine(id: String) async throws(PulpeError) {
        _ = try await perform(APIRequest(.post, .api("budget-lines/\(APIRequest.segment(id))/reset-from-template"),
                                         access: .bearerAndClientKey, isIdempotent: true))
    }
}

/// `budgetLineCreateSchema` as the terminal fills it.
struct BudgetLineCreateBody: Encodable {
    let line: NewBudgetLine
    init(_ line: NewBudgetLine) { self.line = line }

    enum CodingKeys: String, CodingKey { case id, budgetId, name, amount, kind, recurrence, checkedAt }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(line.id, forKey: .id)
        try c.encode(line.budgetId, forKey: .budgetId)
        try c.encode(line.name, forKey: .name)
        try c.encode(line.amount, forKey: .amount)
        try c.encode(line.kind, forKey: .kind)
        try c.encode(line.recurrence, forKey: .recurrence)
        if let checkedAt = line.checkedAt { try c.encode(PulpeDate.format(checkedAt), forKey: .checkedAt) }
    }
}

/// `budgetLineUpdateSchema`: `id` required, the changed fields, and the manual-adjustment flag.
struct BudgetLinePatchBody: Encodable {
    let id: String
    let changes: BudgetLineChanges

    enum CodingKeys: String, CodingKey { case id, name, amount, kind, recurrence, isManuallyAdjusted }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(changes.name, forKey: .name)
        try c.encodeIfPresent(changes.amount, forKey: .amount)
        try c.encodeIfPresent(changes.kind?.rawValue, forKey: .kind)
        try c.encodeIfPresent(changes.recurrence?.rawValue, forKey: .recurrence)
        try c.encode(true, forKey: .isManuallyAdjusted)
    }
}
