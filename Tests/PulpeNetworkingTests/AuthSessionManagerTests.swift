import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

@Suite("Session manager: login, refresh before expiry and on 401, rotation, persistence", .timeLimit(.minutes(1)))
struct AuthSessionManagerTests {
    struct Rig {
        let scratch = ScratchDirectory()
        let now = Locked(Fixture.now)
        let server: FakeAuthServer
        let client: PulpeAPIClient
        let sessions: AuthSessionManager
        let store: SessionStore

        init(refreshDelay: Duration = .zero) async {
            server = FakeAuthServer(now: now, refreshDelay: refreshDelay)
            store = SessionStore(fileURL: scratch.url.appendingPathComponent("session.json"))
            let clock = now
            client = await Fixture.client(server.transport, timing: Fixture.timing(now: { clock.current }))
            sessions = AuthSessionManager(client: client, store: store, now: { clock.current })
            await sessions.attach()
        }

        /// Logs in, then unlocks the client key (a login forgets it, as a new account needs its PIN).
        @discardableResult
        func logIn() async throws -> SessionInfo {
            let info = try await sessions.logIn(email: "demo@pulpe.local", password: "right")
            await client.setClientKey(Fixture.clientKey)
            return info
        }

        func advance(by seconds: TimeInterval) {
            now.withLock { $0 = $0.addingTimeInterval(seconds) }
        }
    }

    @Test("Login stores the session (0600, keyed by the API base) and data requests use its token")
    func login() async throws {
        let rig = await Rig()
        defer { rig.scratch.cleanUp() }
        let info = try await rig.logIn()
        #expect(info.email == "demo@pulpe.local")
        #expect(info.kind == .password)
        #expect(info.expiresAt == Fixture.now.addingTimeInterval(3600))
        #expect(try rig.store.load(server: "https://api.pulpe.test/api/v1")?.session.accessToken == "acc-1")
        #expect(posixMode(rig.store.fileURL.path) == 0o600)
        _ = try await rig.client.budgets()
        #expect(rig.server.state.current.dataBearers == ["acc-1"])
    }

    @Test("Wrong password → invalidCredentials, nothing stored")
    func wrongPassword() async {
        let rig = await Rig()
        defer { rig.scratch.cleanUp() }
        let error = await pulpeError { _ = try await rig.sessions.logIn(email: "demo@pulpe.local", password: "wrong") }
        #expect(error?.kind == .invalidCredentials)
        #expect(await rig.sessions.isLoggedIn == false)
        #expect(!FileManager.default.fileExists(atPath: rig.store.fileURL.path))
    }

    @Test("Refreshes within 60 s of expiry, never earlier, and never reuses a spent refresh token")
    func refreshBeforeExpiry() async throws {
        let rig = await Rig()
        defer { rig.scratch.cleanUp() }
        try await rig.logIn()
        rig.advance(by: 3000)
        #expect(try await rig.sessions.validAccessToken() == "acc-1")
        rig.advance(by: 545)  // 55 s left
        #expect(try await rig.sessions.validAccessToken() == "acc-2")
        #expect(try await rig.sessions.validAccessToken() == "acc-2")
        rig.advance(by: 3590)
        #expect(try await rig.sessions.validAccessToken() == "acc-3")
        #expect(rig.server.state.current.refreshBodies == ["ref-1", "ref-2"])
        #expect(try rig.store.load(server: "https://api.pulpe.test/api/v1")?.session.refreshToken == "ref-3")
        #expect(await rig.sessions.refreshCount == 2)
    }

    @Test("A 401 refreshes once and replays the request with the new token")
    func refreshOn401() async throws {
        let rig = await Rig()
        defer { rig.scratch.cleanUp() }
        try await rig.logIn()
        rig.server.expireAccessTokens()
        _ = try await rig.client.budgets()
        #expect(rig.server.state.current.dataBearers == ["acc-1", "acc-2"])
        #expect(rig.server.state.current.refreshBodies == ["ref-1"])
    }

    @Test("Still 401 after the refresh → unauthorized, and only one refresh")
    func stillUnauthorized() async throws {
        let transport = ScriptedTransport([
            .json(401, Fixture.errorJSON(status: 401, code: "ERR_AUTH_TOKEN_INVALID")),
            .json(401, Fixture.errorJSON(status: 401, code: "ERR_AUTH_TOKEN_INVALID")),
        ])
        let authorizer = FixedAuthorizer(refreshesTo: ["B", "C"])
        let client = await Fixture.client(transport, authorizer: authorizer)
        let error = await pulpeError { _ = try await client.budgets() }
        #expect(error?.kind == .unauthorized)
        #expect(await authorizer.refreshes == [Fixture.accessToken])
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer \(Fixture.accessToken)", "Bearer B"])
    }

    @Test("Two concurrent 401s share one refresh")
    func concurrent401s() async throws {
        let rig = await Rig(refreshDelay: .milliseconds(50))
        defer { rig.scratch.cleanUp() }
        try await rig.logIn()
        rig.server.expireAccessTokens()
        async let first = rig.client.budgets()
        async let second = rig.client.budgets()
        _ = try await (first, second)
        #expect(rig.server.state.current.refreshBodies == ["ref-1"])
        #expect(rig.server.state.current.dataBearers.filter { $0 == "acc-2" }.count == 2)
        #expect(await rig.sessions.refreshCount == 1)
    }

    @Test("Ten callers near expiry share one refresh")
    func concurrentExpiry() async throws {
        let rig = await Rig(refreshDelay: .milliseconds(20))
        defer { rig.scratch.cleanUp() }
        try await rig.logIn()
        rig.advance(by: 3590)
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 { group.addTask { try await rig.sessions.validAccessToken() } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(tokens) == ["acc-2"])
        #expect(rig.server.state.current.refreshBodies == ["ref-1"])
    }

    @Test("A refused refresh ends the session: unauthorized, file entry removed")
    func refreshRefused() async throws {
        let rig = await Rig()
        defer { rig.scratch.cleanUp() }
        try await rig.logIn()
        rig.server.revokeRefreshTokens()
        rig.server.expireAccessTokens()
        let error = await pulpeError { _ = try await rig.client.budgets() }
        #expect(error?.kind == .unauthorized)
        #expect(error?.requiresLogin == true)
        #expect(await rig.sessions.isLoggedIn == false)
        #expect(try rig.store.load(server: "https://api.pulpe.test/api/v1") == nil)
        let next = await pulpeError { _ = try await rig.sessions.validAccessToken() }
        #expect(next?.kind == .unauthorized)
    }

    @Test("A refresh that cannot reach the server keeps the session (offline is not logged out)")
    func refreshOffline() async throws {
        let rig = await Rig()
        defer { rig.scratch.cleanUp() }
        try await rig.logIn()
        rig.advance(by: 3590)
        rig.server.state.withLock { $0.offline = true }
        let error = await pulpeError { _ = try await rig.sessions.validAccessToken() }
        #expect(error?.kind == .offline(.cannotConnect))
        #expect(await rig.sessions.isLoggedIn)
        rig.server.state.withLock { $0.offline = false }
        #expect(try await rig.sessions.validAccessToken() == "acc-2")
    }

    @Test("A new run restores the session of the same server only")
    func restore() async throws {
        let rig = await Rig()
        defer { rig.scratch.cleanUp() }
        let info = try await rig.logIn()

        let again = AuthSessionManager(client: rig.client, store: rig.store, now: { Fixture.now })
        #expect(await again.restore() == info)
        #expect(try await again.validAccessToken() == "acc-1")

        let otherServer = PulpeAPIClient(configuration: try APIConfiguration.make(apiURL: "https://other.example/api/v1"),
                                         transport: ScriptedTransport())
        let elsewhere = AuthSessionManager(client: otherServer, store: rig.store)
        #expect(await elsewhere.restore() == nil)
    }

    @Test("Restoring validates: refreshed when expiring, nil when the refresh is refused")
    func restoreValidated() async throws {
        let rig = await Rig()
        defer { rig.scratch.cleanUp() }
        #expect(try await rig.sessions.restoreValidated() == nil)
        try await rig.logIn()
        rig.advance(by: 3590)
        let again = AuthSessionManager(client: rig.client, store: rig.store, now: { rig.now.current })
        #expect(try await again.restoreValidated()?.expiresAt == rig.now.current.addingTimeInterval(3600))
        #expect(rig.server.state.current.refreshBodies == ["ref-1"])

        rig.advance(by: 3590)
        rig.server.revokeRefreshTokens()
        let third = AuthSessionManager(client: rig.client, store: rig.store, now: { rig.now.current })
        #expect(try await third.restoreValidated() == nil)
    }

    @Test("Another process rotated the token: adopt its session instead of spending the old token")
    func adoptsNewerSessionFromDisk() async throws {
        let rig = await Rig()
        defer { rig.scratch.cleanUp() }
        try await rig.logIn()
        rig.advance(by: 3590)
        let newer = storedSession(access: "acc-other", refresh: "ref-other", receivedAt: rig.now.current)
        try rig.store.save(newer, server: "https://api.pulpe.test/api/v1")
        #expect(try await rig.sessions.validAccessToken() == "acc-other")
        #expect(rig.server.state.current.refreshBodies.isEmpty)
    }

    @Test("Logout deletes the file and forgets the client key")
    func logout() async throws {
        let rig = await Rig()
        defer { rig.scratch.cleanUp() }
        try await rig.logIn()
        await rig.client.setClientKey(Fixture.clientKey)
        await rig.sessions.logOut()
        #expect(!FileManager.default.fileExists(atPath: rig.store.fileURL.path))
        #expect(await rig.client.hasClientKey == false)
        #expect(await rig.sessions.sessionInfo == nil)
    }

    @Test("A logout during a refresh wins: the late answer is not installed")
    func logoutDuringRefresh() async throws {
        let rig = await Rig(refreshDelay: .milliseconds(100))
        defer { rig.scratch.cleanUp() }
        try await rig.logIn()
        rig.advance(by: 3590)
        let refresh = Task { await pulpeError { _ = try await rig.sessions.validAccessToken() } }
        while rig.server.state.current.refreshBodies.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        await rig.sessions.logOut()
        #expect(await refresh.value?.kind == .unauthorized)
        #expect(await rig.sessions.isLoggedIn == false)
        #expect(!FileManager.default.fileExists(atPath: rig.store.fileURL.path))
    }

    @Test("Demo sessions are remembered as such; a new login forgets the previous key")
    func demoSession() async throws {
        let rig = await Rig()
        defer { rig.scratch.cleanUp() }
        await rig.client.setClientKey(Fixture.clientKey)
        let info = try await rig.sessions.startDemoSession()
        #expect(info.kind == .demo)
        #expect(await rig.client.hasClientKey == false)
        #expect(try rig.store.load(server: "https://api.pulpe.test/api/v1")?.kind == .demo)
    }
}
