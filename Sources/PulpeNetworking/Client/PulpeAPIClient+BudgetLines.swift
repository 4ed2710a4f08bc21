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
