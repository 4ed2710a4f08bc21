import Foundation

/// The spread bodies as `budgetLineSpreadCreateSchema` and the from-existing schemas read them.
enum SpreadWire {
    struct Period: Encodable {
        let year: Int
        let month: Int
    }

    struct PeriodsBody: Encodable {
        let periods: [Period]
    }

    /// `budgetLineSpreadCreateSchema`: only the mode's amount is sent.
    struct CreateBody: Encodable {
        let name: String
        let kind: String
        let mode: String
        let months: [Period]
        let perMonthAmount: Decimal?
        let totalAmount: Decimal?
        let spreadGroupId: String
    }
}
