import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

/// A sandbox started in-process on an ephemeral loopback port, with a client and helpers.
struct TestSandbox: Sendable {
    let server: RunningSandbox
    let client: HTTPClient
    let clock: ManualClock

    static let password = "correct horse"
    /// A well-formed key that is nobody's.
    static let wrongKey = String(repeating: "ab", count: 32)

    /// Runs `body` against a fresh in-memory sandbox and always stops it.
    static func with(_ configure: (inout SandboxConfiguration) -> Void = { _ in },
                     _ body: (TestSandbox) async throws -> Void) async throws {
        let clock = ManualClock()
        var configuration = SandboxConfiguration()
        configuration.port = 0
        configuration.storage = .inMemory
        configuration.seedsDemoAccount = false
        configuration.logLevel = .critical
        configuration.clock = clock.sandboxClock
        configuration.today = CalendarDay(year: 2026, month: 11, day: 21)
        configure(&configuration)
        let server = try await SandboxServer.start(configuration)
        let sandbox = TestSandbox(server: server, client: HTTPClient(origin: server.origin), clock: clock)
        do {
            try await body(sandbox)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// An account (fast: known client key, no PBKDF2) logged in through `/auth/v1/token`.
    func signedInUser(email: String = "user-\(UUID().uuidString.prefix(8))@example.ch", payDay: Int? = nil,
                      key: String = String(repeating: "0123456789abcdef", count: 4)) async throws -> SignedInUser {
        let user = try await server.seeding.createUser(email: email, password: Self.password, clientKey: key,
                                                       payDayOfMonth: payDay)
        let session = try await login(email: email, password: Self.password)
        return SignedInUser(id: user.id, email: email, clientKey: user.clientKey, session: session)
    }

    func login(email: String, password: String) async throws -> AuthSession {
        let result = try await client.post("/auth/v1/token?grant_type=password",
                                           object: ["email": email, "password": password])
        try #require(result.status == 200, "login failed: \(result.text)")
        return try result.decode(AuthSession.self)
    }
}

/// Checks the backend's error envelope (`docs/contract.md` §2) and returns its body.
@discardableResult
func expectEnvelope(_ result: HTTPResult, status: Int, code: String, method: String, path: String,
                    sourceLocation: SourceLocation = #_sourceLocation) -> APIErrorBody? {
    #expect(result.status == status, "status \(result.status): \(result.text)", sourceLocation: sourceLocation)
    let object = result.object
    #expect(object["success"] == .bool(false), sourceLocation: sourceLocation)
    #expect(object["statusCode"] == .number(Decimal(status)), sourceLocation: sourceLocation)
    #expect(object["code"] == .string(code), "code: \(result.text)", sourceLocation: sourceLocation)
    #expect(object["method"] == .string(method), sourceLocation: sourceLocation)
    #expect(object["path"] == .string(path), sourceLocation: sourceLocation)
    #expect(object["error"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(object["message"] != nil, sourceLocation: sourceLocation)
    let timestamp = object["timestamp"]?.stringValue ?? ""
    #expect(PulpeDate.parse(timestamp) != nil && timestamp.contains("T"), "timestamp \(timestamp)",
            sourceLocation: sourceLocation)
    let requestId = object["context"]?["requestId"]?.stringValue
    #expect(requestId != nil && requestId == result.header("X-Request-Id"), sourceLocation: sourceLocation)
    return APIErrorBody.decode(from: result.body)
}
