import Foundation
import PulpeDomain

/// Spreads (`pulpe-api.md` §16.3).
extension PulpeAPIClient {
    /// `POST /api/v1/budget-lines/spread` (from scratch) or `POST /budget-lines|transactions/:id/spread`
    /// (from an existing one-off prévision or free transaction); answers the months it wrote.
    public func spread(_ plan: SpreadPlan) async throws(PulpeError) -> [BudgetMonth] {
        let periods = plan.months.map { SpreadPeriod(year: $0.year, month: $0.month) }
        let request: APIRequest
        switch plan.source {
        case nil:
            let body = try APIRequest.jsonBody(SpreadCreateBody(name: plan.name, kind: plan.kind.rawValue, mode: plan.perMonth ? "perMonth" : "total",
                                                                months: periods, perMonthAmount: plan.perMonth ? plan.amount : nil,
                                                                totalAmount: plan.perMonth ? nil : plan.amount, spreadGroupId: plan.groupId))
            request = APIRequest(.post, .api("budget-lines/spread"), access: .bearerAndClientKey, body: body, isIdempotent: true)
        case let .line(id)?:
            request = APIRequest(.post, .api("budget-lines/\(APIRequest.segment(id))/spread"), access: .bearerAndClientKey,
                                 body: try APIRequest.jsonBody(SpreadPeriodsBody(periods: periods)))
        case let .transaction(id)?:
            request = APIRequest(.post, .api("transactions/\(APIRequest.segment(id))/spread"), access: .bearerAndClientKey,
                                 body: try APIRequest.jsonBody(SpreadPeriodsBody(periods: periods)))
        }
        _ = try await perform(request)
        return plan.months
    }
}

struct SpreadPeriod: Encodable {
    let year: Int
    let month: Int
}

struct SpreadPeriodsBody: Encodable {
    let periods: [SpreadPeriod]
}

/// `budgetLineSpreadCreateSchema`: only the mode's amount is sent.
struct SpreadCreateBody: Encodable {
    let name: String
    let kind: String
    let mode: String
    let months: [SpreadPeriod]
    let perMonthAmount: Decimal?
    let totalAmount: Decimal?
    let spreadGroupId: String
}
