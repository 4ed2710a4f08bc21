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

    /// A transport's streamed answer, as `CurlHTTPTransport` gives it.
    static func streamed(_ body: String) -> HTTPResponseData {
        var stream = MonthBodyStream()
        Data(body.utf8).withUnsafeBytes { stream.feed($0) }
        var answer = HTTPResponseData.json(200, "")
        answer.take(stream.finish())
        return answer
    }

    @Test("budgetDetails asks for the month streamed, and takes the streamed rows with the rest of the body")
    func streamedAnswer() async throws {
        let body = Self.month("[\(Self.row),\(Self.row)]")
        let transport = ScriptedTransport([.response(Self.streamed(body))])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        let month = try await client.budgetDetails(id: Fixture.budgetId)
        #expect(month == Self.answer(body).wholeMonth)
        #expect(transport.requests.count == 1)
        #expect(transport.requests.first?.streamsMonth == [])
    }

    @Test("An answer the stream could not read, or whose rest does not decode, is asked for again unstreamed", arguments: [
        month(#"[{"id":"t"}]"#), // rows dropped, then a row not read: unusable
        month("[\(row)]", budget: #"{"id":1}"#), // the rest does not decode: the same error as whole
    ])
    func unreadIsAskedAgain(body: String) async throws {
        let transport = ScriptedTransport([.response(Self.streamed(body)), .json(200, body)])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        let read: Result<BudgetDetails, PulpeError>
        do {
            read = .success(try await client.budgetDetails(id: Fixture.budgetId))
        } catch {
            read = .failure(error)
        }
        let whole = Result { () throws(PulpeError) in try Self.answer(body).enveloped(BudgetDetails.self) }
        #expect(transport.requests.count == 2)
        #expect(transport.requests.last?.streamsMonth == nil)
        switch (read, whole) {
        case let (.success(read), .success(whole)): #expect(read == whole)
        case let (.failure(read), .failure(whole)): #expect(read.kind == whole.kind)
        default: Issue.record("streamed \(read), whole \(whole)")
        }
    }
}

private extension PulpeAPIClient.Answer {
    var wholeMonth: BudgetDetails? { try? enveloped(BudgetDetails.self) }
}
