import Foundation
import PulpeDomain

/// « Piocher dans son épargne » (`pulpe-api.md` §16.4).
extension PulpeAPIClient {
    /// `POST /api/v1/budget-lines/savings-withdrawal` → 201; safe to resend with the same `groupId`.
    public func savingsWithdrawal(_ plan: WithdrawalPlan) async throws(PulpeError) {
        let body = try APIRequest.jsonBody(WithdrawalBody(budgetId: plan.budgetId, amount: plan.amount, incomeName: plan.incomeName,
                                                          savingName: plan.savingName, groupId: plan.groupId))
        _ = try await perform(APIRequest(.post, .api("budget-lines/savings-withdrawal"), access: .bearerAndClientKey, body: body,
                                         isIdempotent: true))
    }

    /// `DELETE /api/v1/budget-lines/savings-withdrawal/:groupId?scope=pair|repayment`.
    public func deleteSavingsWithdrawal(groupId: String, repaymentOnly: Bool) async throws(PulpeError) {
        _ = try await perform(APIRequest(.delete, .api("budget-lines/savings-withdrawal/\(APIRequest.segment(groupId))"),
                                         access: .bearerAndClientKey,
                                         query: [URLQueryItem(name: "scope", value: repaymentOnly ? "repayment" : "pair")]))
    }
}

/// `budgetLineSavingsWithdrawalCreateSchema`'s body.
struct WithdrawalBody: Encodable {
    let budgetId: String
    let amount: Decimal
    let incomeName: String
    let savingName: String
    let groupId: String
}
