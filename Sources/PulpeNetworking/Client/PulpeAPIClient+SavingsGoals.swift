import Foundation
import PulpeDomain

/// Savings goals (§15.5): read to offer a saving prévision's link.
extension PulpeAPIClient {
    /// `GET /api/v1/savings-goals`: the newest first.
    public func savingsGoals() async throws(PulpeError) -> [SavingsGoal] {
        try await perform(APIRequest(.get, .api("savings-goals"), access: .bearerAndClientKey)).enveloped([SavingsGoal].self)
    }
}
