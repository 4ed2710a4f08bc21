import Foundation
import PulpeDomain
@testable import PulpeNetworking
import Testing

/// `budgetDetails` reads a month's transactions straight from the body (`BudgetDetailsWire`);
/// every body must give what decoding it whole gives: the same month, or the same error.
@Suite("A month's answer: read from its bytes, as JSONDecoder reads it whole")
struct DetailsDecodingTests {
    static let row = Fixture.transactionJSON()

    static func answer(_ body: String) -> PulpeAPIClient.Answer {
        PulpeAPIClient.Answer(response: HTTPResponseData(status: 200, headers: [:], body: Data(body.utf8)),
                              context: ErrorContext(method: "GET", path: "/api/v1/budgets/b/details", status: 200))
    }

    static func month(_ transactions: String, budget: String = Fixture.budgetJSON()) -> String {
        Fixture.success(#"{"budget":\#(budget),"transactions":\#(transactions),"budgetLines":[]}"#)
    }

    @Test("Same month or same error", arguments: [
        month("[\(row),\(row)]"),
        month("[]"),
        // Left to JSONDecoder by the reader (an exponent), and read there.
        month("[" + row.replacingOccurrences(of: #""amount":"#, with: #""amount":1e1,"x":"#) + "]"),
        // A broken row, a broken budget, a failure envelope, not JSON.
        month(#"[{"id":"t"}]"#),
        month("[\(row)]", budget: #"{"id":1}"#),
        Fixture.errorJSON(status: 404, code: "ERR_BUDGET_NOT_FOUND"),
        "{",
    ])
    func sameAsWhole(body: String) {
        let read = Result { () throws(PulpeError) in try Self.answer(body).envelopedDetails() }
        let whole = Result { () throws(PulpeError) in try Self.answer(body).enveloped(BudgetDetails.self) }
        switch (read, whole) {
        case let (.success(read), .success(whole)):
            #expect(read == whole)
        case let (.failure(read), .failure(whole)):
            #expect(read.kind == whole.kind)
            #expect(read.context == whole.context)
        default:
            Issue.record("the reader gave \(read), the whole body \(whole)")
        }
    }
}
