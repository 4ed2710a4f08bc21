import Clocks
import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

/// Shared configuration, bodies and builders for the unit tests.
enum Fixture {
    static let apiURL = "https://api.pulpe.test/api/v1"
    static let authURL = "https://auth.pulpe.test"
    static let anonKey = "public-anon-key"
    static let clientKey = String(repeating: "0123456789abcdef", count: 4)
    static let accessToken = "access-token-A"
    static let refreshToken = "refresh-token-A"
    static let budgetId = "6f1c1c61-5f0e-4d8a-9a3e-1f1c1c615f0e"
    static let transactionId = "0b5f8b2a-7d2e-4c1a-8f7e-2a9b6c3d4e5f"
    /// 2026-11-21T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_795_262_400)

    static var configuration: APIConfiguration {
        try! APIConfiguration.make(apiURL: apiURL, authURL: authURL, authAnonKey: anonKey)
    }

    /// Retries paced on an immediate clock (no real waiting), a watchdog that never fires, and
    /// jitter at its ceiling so delays are the ceilings themselves.
    static func timing(clock: ImmediateClock<Duration> = ImmediateClock(), jitter: Jitter = .constant(1),
                       policy: RetryPolicy = .standard, now: @escaping @Sendable () -> Date = { Fixture.now }) -> RequestTiming {
        RequestTiming(policy: policy, clock: clock, deadlineClock: NeverClock(), jitter: jitter, now: now)
    }

    /// A client with a fixed token source and, unless `clientKey` is nil, an unlocked key.
    static func client(_ transport: ScriptedTransport, timing: RequestTiming = Fixture.timing(),
                       configuration: APIConfiguration = Fixture.configuration,
                       authorizer: FixedAuthorizer? = nil, clientKey: String? = Fixture.clientKey,
                       maintenance: MaintenanceSignal = MaintenanceSignal(),
                       observer: (any RequestOutcomeObserver)? = nil) async -> PulpeAPIClient {
        let client = PulpeAPIClient(configuration: configuration, transport: transport, timing: timing,
                                    maintenance: maintenance, outcomeObserver: observer)
        if let authorizer { await client.setAuthorizer(authorizer) }
        await client.setClientKey(clientKey)
        return client
    }

    // MARK: Bodies

    static func budgetJSON(id: String = budgetId, month: Int = 11, year: Int = 2026, remaining: String = "1234.56") -> String {
        """
        {"id":"\(id)","createdAt":"2026-10-25T08:00:00.123456+00:00","updatedAt":"2026-10-25T08:00:00+00:00",\
        "userId":"u1","templateId":"t1","month":\(month),"year":\(year),"description":"","endingBalance":500,\
        "remaining":\(remaining),"someFutureField":{"x":1}}
        """
    }

    static func transactionJSON(id: String = transactionId, checkedAt: String = "null") -> String {
        """
        {"id":"\(id)","createdAt":"2026-11-21T12:00:00.000Z","updatedAt":"2026-11-21T12:00:00.000Z",\
        "budgetId":"\(budgetId)","budgetLineId":null,"amount":12.5,"name":"Café","kind":"expense",\
        "transactionDate":"2026-11-21T12:00:00+00:00","tagIds":[],"checkedAt":\(checkedAt)}
        """
    }

    static func success(_ data: String) -> String {
        #"{"success":true,"data":"# + data + "}"
    }

    static func tokenJSON(access: String = accessToken, refresh: String = refreshToken, expiresAt: Int64? = nil,
                          expiresIn: Int = 3600) -> String {
        let expiry = expiresAt ?? Int64(now.timeIntervalSince1970) + Int64(expiresIn)
        return """
        {"access_token":"\(access)","token_type":"bearer","expires_in":\(expiresIn),"expires_at":\(expiry),\
        "refresh_token":"\(refresh)","user":{"id":"user-1","email":"demo@pulpe.local","aud":"authenticated"}}
        """
    }

    /// The backend's global-filter error body.
    static func errorJSON(status: Int, code: String, message: String = "Something went wrong",
                          requestId: String = "11111111-2222-4333-8444-555555555555") -> String {
        """
        {"success":false,"statusCode":\(status),"timestamp":"2026-11-21T12:00:00.000Z","path":"/api/v1/x",\
        "method":"GET","message":"\(message)","error":"BusinessException","code":"\(code)",\
        "context":{"requestId":"\(requestId)"}}
        """
    }

    static let maintenanceJSON = #"{"statusCode":503,"code":"MAINTENANCE","message":"Application en maintenance — réessaie plus tard"}"#
}

extension HTTPRequestData {
    /// The path and query, e.g. `/api/v1/budgets?fields=month`.
    var pathAndQuery: String {
        url.query.map { "\(url.path)?\($0)" } ?? url.path
    }
}

/// Runs `body` and returns the `PulpeError` it throws; `nil` when it does not throw. Any other
/// error type is a test failure: the public API throws `PulpeError` only.
func pulpeError(_ body: () async throws -> Void) async -> PulpeError? {
    do {
        try await body()
        return nil
    } catch let error as PulpeError {
        return error
    } catch {
        Issue.record("expected a PulpeError, got \(error)")
        return nil
    }
}
