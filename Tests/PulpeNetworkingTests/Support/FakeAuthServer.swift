import Foundation
@testable import PulpeNetworking
import PulpeDomain

/// A tiny in-memory GoTrue + one data route, for session tests: rotating single-use refresh
/// tokens, access tokens the test can expire server-side, and counters of what was asked.
final class FakeAuthServer: Sendable {
    struct State: Sendable {
        var issued = 0
        var validAccess: Set<String> = []
        var unusedRefresh: Set<String> = []
        var refreshBodies: [String] = []
        var dataBearers: [String] = []
        var offline = false
    }

    let state = Locked(State())
    let now: Locked<Date>
    let refreshDelay: Duration

    init(now: Locked<Date>, refreshDelay: Duration = .zero) {
        self.now = now
        self.refreshDelay = refreshDelay
    }

    var transport: ScriptedTransport {
        ScriptedTransport(fallback: { [self] request in try await self.handle(request) })
    }

    /// Expires every access token now (as a server whose clock ran ahead would).
    func expireAccessTokens() {
        state.withLock { $0.validAccess.removeAll() }
    }

    /// Forgets every refresh token (revoked sessions).
    func revokeRefreshTokens() {
        state.withLock { $0.unusedRefresh.removeAll() }
    }

    func issue() -> String {
        let number = state.withLock { state -> Int in
            state.issued += 1
            state.validAccess.insert("acc-\(state.issued)")
            state.unusedRefresh.insert("ref-\(state.issued)")
            return state.issued
        }
        let expiresAt = Int64(now.current.timeIntervalSince1970) + 3600
        return Fixture.tokenJSON(access: "acc-\(number)", refresh: "ref-\(number)", expiresAt: expiresAt)
    }

    func handle(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        if state.current.offline { throw TransportFailure(.cannotConnect, code: -1004) }
        let object = request.body.flatMap { PulpeJSON.object(from: $0) } ?? [:]
        switch (request.method, request.path, request.url.query) {
        case (.post, "/auth/v1/token", "grant_type=password"):
            guard object["password"]?.stringValue == "right" else {
                return .json(400, #"{"error":"invalid_grant","error_description":"Invalid login credentials"}"#)
            }
            return .json(200, issue())
        case (.post, "/auth/v1/token", "grant_type=refresh_token"):
            let token = object["refresh_token"]?.stringValue ?? ""
            state.withLock { $0.refreshBodies.append(token) }
            if refreshDelay > .zero { try await Task.sleep(for: refreshDelay) }
            let spent = state.withLock { $0.unusedRefresh.remove(token) == nil }
            if spent {
                return .json(400, #"{"error":"invalid_grant","error_description":"Invalid Refresh Token: Already Used"}"#)
            }
            return .json(200, issue())
        case (.post, "/api/v1/demo/session", _):
            return .json(201, #"{"success":true,"data":{"session":"# + issue() + "}}")
        case (.get, "/api/v1/budgets", _):
            let bearer = String((request.headers["Authorization"] ?? "").dropFirst("Bearer ".count))
            state.withLock { $0.dataBearers.append(bearer) }
            guard state.current.validAccess.contains(bearer) else {
                return .json(401, Fixture.errorJSON(status: 401, code: "ERR_AUTH_UNAUTHORIZED"))
            }
            return .json(200, #"{"success":true,"data":[]}"#)
        default:
            return .json(404, "")
        }
    }
}
