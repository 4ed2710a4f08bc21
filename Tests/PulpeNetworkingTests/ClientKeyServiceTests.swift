import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

@Suite("Client key: salt, PBKDF2 off the caller's actor, validation, memory only")
struct ClientKeyServiceTests {
    static let saltJSON = #"{"salt":"00000000000000000000000000000000","kdfIterations":600000,"hasRecoveryKey":false}"#

    /// Records derivation calls and returns a fixed key (real PBKDF2 has its own test below).
    final class FakeDeriver: Sendable {
        let calls = Locked<[String]>([])
        let key: String

        init(key: String = String(repeating: "ab", count: 32)) {
            self.key = key
        }

        var deriver: ClientKeyService.Deriver {
            { [self] pin, salt, iterations in
                calls.withLock { $0.append("\(pin)/\(salt)/\(iterations)") }
                return key
            }
        }
    }

    @Test("Right PIN: salt (bearer only), derive, validate, then data routes carry the key")
    func unlock() async throws {
        let transport = ScriptedTransport([.json(200, Self.saltJSON), .empty(204),
                                           .json(200, Fixture.success("[" + Fixture.budgetJSON() + "]"))])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer(), clientKey: nil)
        let deriver = FakeDeriver()
        let service = ClientKeyService(client: client, deriver: deriver.deriver)
        #expect(await service.isUnlocked == false)
        try await service.unlock(pin: "1234")
        #expect(await service.isUnlocked)
        #expect(deriver.calls.current == ["1234/00000000000000000000000000000000/600000"])
        _ = try await client.budgets()

        let requests = transport.requests
        #expect(requests.map(\.path) == ["/api/v1/encryption/salt", "/api/v1/encryption/validate-key", "/api/v1/budgets"])
        #expect(requests[0].headers["X-Client-Key"] == nil)
        #expect(requests[1].headers["X-Client-Key"] == nil)
        #expect(requests[1].bodyText == #"{"clientKey":"\#(deriver.key)"}"#)
        #expect(requests[2].headers["X-Client-Key"] == deriver.key)
    }

    @Test("Wrong PIN → « Code incorrect — réessaie », and no key is installed")
    func wrongPIN() async {
        let transport = ScriptedTransport([
            .json(200, Self.saltJSON),
            .json(400, Fixture.errorJSON(status: 400, code: "ERR_ENCRYPTION_KEY_CHECK_FAILED")),
        ])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer(), clientKey: nil)
        let service = ClientKeyService(client: client, deriver: FakeDeriver().deriver)
        let error = await pulpeError { try await service.unlock(pin: "0000") }
        #expect(error?.kind == .wrongClientKey)
        #expect(await client.hasClientKey == false)
    }

    @Test("Throttled validation → rateLimited, sent once")
    func throttled() async {
        let transport = ScriptedTransport([
            .json(200, Self.saltJSON),
            .json(429, Fixture.errorJSON(status: 429, code: "HTTP_429"), headers: ["Retry-After": "1"]),
            .empty(204),
        ])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer(), clientKey: nil)
        let service = ClientKeyService(client: client, deriver: FakeDeriver().deriver)
        let error = await pulpeError { try await service.unlock(pin: "1234") }
        #expect(error?.kind == .rateLimited(retryAfter: .seconds(1)))
        #expect(transport.requests.count == 2)
    }

    @Test("Iteration counts outside 500 000 … 2 000 000 are refused before deriving", arguments: [499_999, 2_000_001, 1, 0])
    func untrustedIterations(iterations: Int) async {
        let transport = ScriptedTransport([.json(200, #"{"salt":"00000000000000000000000000000000","kdfIterations":\#(iterations)}"#)])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer(), clientKey: nil)
        let deriver = FakeDeriver()
        let service = ClientKeyService(client: client, deriver: deriver.deriver)
        let error = await pulpeError { try await service.unlock(pin: "1234") }
        #expect(error?.kind == .untrustedKeyParameters(iterations: iterations))
        #expect(deriver.calls.current.isEmpty)
        #expect(transport.requests.count == 1)
    }

    @Test("A malformed PIN is refused without a request", arguments: ["123", "12345", "12a4", ""])
    func malformedPIN(pin: String) async {
        let transport = ScriptedTransport()
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer(), clientKey: nil)
        let error = await pulpeError { try await ClientKeyService(client: client).unlock(pin: pin) }
        if case .validation = error?.kind {} else { Issue.record("expected validation, got \(String(describing: error))") }
        #expect(transport.requests.isEmpty)
    }

    @Test("A salt that is not hex is unreadable data")
    func badSalt() async {
        let transport = ScriptedTransport([.json(200, #"{"salt":"zz","kdfIterations":600000}"#)])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer(), clientKey: nil)
        let error = await pulpeError { try await ClientKeyService(client: client).unlock(pin: "1234") }
        #expect(error?.kind == .decoding)
    }

    @Test("Real PBKDF2: the contract's test vector reaches validate-key")
    func realDerivation() async throws {
        let transport = ScriptedTransport([.json(200, Self.saltJSON), .empty(204)])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer(), clientKey: nil)
        try await ClientKeyService(client: client).unlock(pin: "1234")
        #expect(transport.requests[1].bodyText
            == #"{"clientKey":"c150d657df80140246db4ccba862aedcaa29e8f8d12adb552b07f56d7c499ef3"}"#)
    }

    @Test("Demo sessions use the public demo key, validated first; lock forgets it")
    func demoKey() async throws {
        let demoKey = String(repeating: "0123456789abcdef", count: 4)
        let transport = ScriptedTransport([.empty(204), .json(200, Fixture.success("[]"))])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer(), clientKey: nil)
        let service = ClientKeyService(client: client)
        try await service.unlockDemo()
        _ = try await client.budgets()
        #expect(transport.requests.map(\.path) == ["/api/v1/encryption/validate-key", "/api/v1/budgets"])
        #expect(transport.requests[0].bodyText == #"{"clientKey":"\#(demoKey)"}"#)
        #expect(transport.requests[1].headers["X-Client-Key"] == demoKey)
        await service.lock()
        #expect(await client.hasClientKey == false)

        let refused = ScriptedTransport([.json(400, Fixture.errorJSON(status: 400, code: "ERR_ENCRYPTION_KEY_CHECK_FAILED"))])
        let other = await Fixture.client(refused, authorizer: FixedAuthorizer(), clientKey: nil)
        let error = await pulpeError { try await ClientKeyService(client: other).unlockDemo() }
        #expect(error?.kind == .wrongClientKey)
        #expect(await other.hasClientKey == false)
    }
}
