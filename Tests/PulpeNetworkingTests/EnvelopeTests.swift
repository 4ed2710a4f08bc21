import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

@Suite("Envelopes: success, plain, empty and odd bodies")
struct EnvelopeTests {
    @Test("Non-enveloped routes decode as themselves")
    func plainBodies() async throws {
        let transport = ScriptedTransport([
            .json(200, #"{"status":"healthy"}"#),
            .json(200, #"{"maintenanceMode":true,"message":"Application en maintenance — réessaie plus tard"}"#),
            .json(200, #"{"maintenanceMode":false,"message":null}"#),
            .json(200, #"{"hasBudget":false,"extra":1}"#),
        ])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        #expect(try await client.health().isHealthy)
        #expect(try await client.maintenanceStatus() == .on)
        #expect(try await client.maintenanceStatus() == .off)
        #expect(try await client.budgetExists() == false)
        #expect(transport.requests.first?.url.absoluteString == "https://api.pulpe.test/health")
    }

    @Test("The demo session's envelope carries a message next to data")
    func demoEnvelope() async throws {
        let body = #"{"success":true,"data":{"session":"# + Fixture.tokenJSON() + #"},"message":"Demo session created successfully"}"#
        let client = await Fixture.client(ScriptedTransport([.json(201, body)]))
        let session = try await client.demoSession()
        #expect(session.user.email == "demo@pulpe.local")
        #expect(session.refreshToken == Fixture.refreshToken)
    }

    @Test("204 with no body and deletes with a message are successes")
    func emptyBodies() async throws {
        let transport = ScriptedTransport([.empty(204), .json(200, #"{"success":true,"message":"deleted"}"#), .empty(200)])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        try await client.validateClientKey(Fixture.clientKey)
        try await client.deleteTransaction(id: "t")
        try await client.deleteTransaction(id: "t")
    }

    @Test("Unreadable 2xx bodies are decoding errors that quote no value", arguments: [
        "<html>oops</html>", "", #"{"success":true}"#, #"{"success":true,"data":{"status":3}}"#,
    ])
    func unreadable(body: String) async {
        let client = await Fixture.client(ScriptedTransport([.json(200, body)]), authorizer: FixedAuthorizer())
        let error = await pulpeError { _ = try await client.budgets() }
        #expect(error?.kind == .decoding)
        #expect(error?.context.status == 200)
        #expect(error?.context.path == "/api/v1/budgets")
    }

    @Test("A token answer missing members fails without quoting the tokens")
    func tokenDecoding() async {
        let client = await Fixture.client(ScriptedTransport([.json(200, #"{"access_token":"SECRET-A","refresh_token":"SECRET-R"}"#)]))
        let error = await pulpeError { _ = try await client.passwordGrant(email: "a@b.c", password: "pw") }
        #expect(error?.kind == .decoding)
        #expect(error?.context.serverMessage == "missing key expires_in")
        #expect(error?.diagnostic.contains("SECRET") == false)
    }

    @Test("A 2xx with success:false is read as the error it carries")
    func successFalse() async {
        let body = Fixture.errorJSON(status: 404, code: "ERR_BUDGET_NOT_FOUND")
        let client = await Fixture.client(ScriptedTransport([.json(200, body)]), authorizer: FixedAuthorizer())
        let error = await pulpeError { _ = try await client.budgets() }
        #expect(error?.kind == .notFound)
    }

    @Test("A replayed create (409 already exists) is a success for the outbox")
    func idempotentReplay() async throws {
        let transport = ScriptedTransport([.json(409, Fixture.errorJSON(status: 409, code: "ERR_TRANSACTION_ALREADY_EXISTS"))])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        let body = NewTransaction(id: Fixture.transactionId, budgetId: Fixture.budgetId, name: "x", amount: 1, kind: .expense)
        #expect(try await client.createTransaction(body) == .alreadyExisted(id: Fixture.transactionId))
        let withoutId = NewTransaction(budgetId: Fixture.budgetId, name: "x", amount: 1, kind: .expense)
        transport.enqueue(.json(409, Fixture.errorJSON(status: 409, code: "ERR_TRANSACTION_ALREADY_EXISTS")))
        let error = await pulpeError { _ = try await client.createTransaction(withoutId) }
        #expect(error?.kind == .conflict(.transactionAlreadyExists))
    }
}
