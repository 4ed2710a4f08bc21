import Foundation
import PulpeDomain

/// Spreads (`pulpe-api.md` §16.3).
extension PulpeAPIClient {
    /// `POST /api/v1/budget-lines/spread` (from scratch) or `POST /budget-lines|transactions/:id/spread`
    /// (from an existing one-off prévision or free transaction); answers the months it wrote.
    public func spread(_ plan: SpreadPlan) async throws(PulpeError) -> [BudgetMonth] {
        let periods = plan.months.map { SpreadWire.Period(year: $0.year, month: $0.month) }
        let request: APIRequest
        switch plan.source {
        case nil:
            let body = try APIRequest.jsonBody(SpreadWire.CreateBody(name: plan.name, kind: plan.kind.rawValue, mode: plan.perMonth ? "perMonth" : "total",
                                                                months: periods, perMonthAmount: plan.perMonth ? plan.amount : nil,
                                                                totalAmount: plan.perMonth ? nil : plan.amount, spreadGroupId: plan.groupId))
            request = APIRequest(.post, .api("budget-lines/spread"), access: .bearerAndClientKey, body: body, isIdempotent: true)
        case let .line(id)?:
            request = APIRequest(.post, .api("budget-lines/\(APIRequest.segment(id))/spread"), access: .bearerAndClientKey,
                                 body: try APIRequest.jsonBody(SpreadWire.PeriodsBody(periods: periods)))
        case let .transaction(id)?:
            request = APIRequest(.post, .api("transactions/\(APIRequest.segment(id))/spread"), access: .bearerAndClientKey,
                                 body: try APIRequest.jsonBody(SpreadWire.PeriodsBody(periods: periods)))
        }
        _ = try await perform(request)
        return plan.months
    }
}
