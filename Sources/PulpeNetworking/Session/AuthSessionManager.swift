import Foundation
import PulpeDomain

/// Owns the login session: logs in (password or demo), hands out access tokens that are valid for
/// a while, refreshes them, persists them, and logs out.
///
/// Refresh rules (docs/contract.md §5): refresh tokens are single-use, so
/// - a refresh happens before expiry (`refreshMargin`) and once after a 401;
/// - concurrent callers share one in-flight refresh (two parallel 401s → one refresh);
/// - after a refresh the old refresh token is never sent again;
/// - a caller whose token was already replaced gets the new token without another refresh;
/// - before refreshing, the session file is re-read: another process (`pulpe add`) may have
///   rotated the token already, and spending the old one would log both out.
/// A refused refresh (spent or unknown token) ends the session (`.unauthorized`); a transport
/// failure keeps it (offline is not logged out).
public actor AuthSessionManager: RequestAuthorizer {
    /// Weak: the client owns this manager once attached; the app holds the client.
    private weak var client: PulpeAPIClient?
    private let store: SessionStore?
    private let serverKey: String
    private let refreshMargin: TimeInterval
    private let now: @Sendable () -> Date
    private var current: StoredSession?
    private var refreshTask: Task<Result<StoredSession, PulpeError>, Never>?

    /// The last failure to persist or read the session file (the session still works in memory).
    public private(set) var lastPersistenceError: SessionStoreError?
    /// Refresh requests sent by this manager (diagnostics, tests).
    public private(set) var refreshCount = 0

    /// - Parameters:
    ///   - store: where sessions persist; `nil` keeps them in memory only.
    ///   - refreshMargin: refresh when the access token expires within this.
    ///   - now: wall-clock time (token expiry is a Unix time).
    public init(client: PulpeAPIClient, store: SessionStore?, refreshMargin: Duration = .seconds(60),
                now: @escaping @Sendable () -> Date = { SystemTime.now() }) {
        self.client = client
        self.store = store
        self.serverKey = client.configuration.sessionKey
        self.refreshMargin = Double(refreshMargin.components.seconds)
        self.now = now
    }

    /// Makes the client ask this manager for tokens. The client then owns the manager.
    public func attach() async {
        await client?.setAuthorizer(self)
    }

    /// The current session, without tokens.
    public var sessionInfo: SessionInfo? { current?.info }

    /// Whether a session is open (it may still need a refresh).
    public var isLoggedIn: Bool { current != nil }

    /// Loads the session persisted for this server, if any.
    @discardableResult
    public func restore() -> SessionInfo? {
        guard let store else { return current?.info }
        do {
            if let stored = try store.load(server: serverKey) { current = stored }
            if case .unreadable? = lastPersistenceError { lastPersistenceError = nil }
        } catch {
            lastPersistenceError = error
        }
        return current?.info
    }

    /// Restores the persisted session and makes sure its access token is usable (refreshing it when
    /// it expires within the margin). `nil` when there is no session or the server refused the
    /// refresh (log in again); transport failures are thrown with the session kept, so the caller
    /// can decide to continue offline.
    public func restoreValidated() async throws(PulpeError) -> SessionInfo? {
        guard restore() != nil else { return nil }
        do throws(PulpeError) {
            _ = try await validAccessToken()
        } catch where error.kind == .unauthorized {
            return nil
        }
        return current?.info
    }

    /// Logs in with email and password. Wrong credentials → `.invalidCredentials`.
    /// The client key is forgotten: the PIN must be entered for the (possibly different) account.
    @discardableResult
    public func logIn(email: String, password: String) async throws(PulpeError) -> SessionInfo {
        let client = try liveClient()
        let session = try await client.passwordGrant(email: email, password: password)
        await client.setClientKey(nil)
        return install(StoredSession(session: session, receivedAt: now(), kind: .password)).info
    }

    /// Opens a demo session (a fresh demo account). Use `ClientKeyService.unlockDemo()` next.
    @discardableResult
    public func startDemoSession() async throws(PulpeError) -> SessionInfo {
        let client = try liveClient()
        let session = try await client.demoSession()
        await client.setClientKey(nil)
        return install(StoredSession(session: session, receivedAt: now(), kind: .demo)).info
    }

    /// Forgets the session here and on disk, and the client key.
    public func logOut() async {
        discard()
        await client?.setClientKey(nil)
    }

    // MARK: RequestAuthorizer

    public func validAccessToken() async throws(PulpeError) -> String {
        guard let current else { throw PulpeError(.unauthorized, context: ErrorContext(serverMessage: "not logged in")) }
        guard current.needsRefresh(now: now(), margin: refreshMargin) else { return current.session.accessToken }
        return try await refreshed().session.accessToken
    }

    public func refreshAfterRejection(of token: String) async throws(PulpeError) -> String {
        guard let current else { throw PulpeError(.unauthorized, context: ErrorContext(serverMessage: "not logged in")) }
        if current.session.accessToken != token, refreshTask == nil {
            // Someone already refreshed since this token was handed out.
            return current.session.accessToken
        }
        return try await refreshed().session.accessToken
    }

    // MARK: Refresh

    private func refreshed() async throws(PulpeError) -> StoredSession {
        if let refreshTask { return try await refreshTask.value.get() }
        guard let current else { throw PulpeError(.unauthorized, context: ErrorContext(serverMessage: "not logged in")) }
        if let newer = newerStoredSession(than: current) {
            self.current = newer
            return newer
        }
        let client = try liveClient()
        let refreshToken = current.session.refreshToken
        let kind = current.kind
        refreshCount += 1
        let task = Task { () -> Result<StoredSession, PulpeError> in
            defer { self.refreshTask = nil }
            do throws(PulpeError) {
                let session = try await client.refreshGrant(refreshToken: refreshToken)
                guard self.current?.session.refreshToken == refreshToken else {
                    // Logged out (or in again) meanwhile: this answer belongs to a session that is over.
                    return .failure(PulpeError(.unauthorized, context: ErrorContext(serverMessage: "session ended during refresh")))
                }
                return .success(self.install(StoredSession(session: session, receivedAt: self.now(), kind: kind)))
            } catch {
                if error.kind == .unauthorized, self.current?.session.refreshToken == refreshToken { self.discard() }
                return .failure(error)
            }
        }
        refreshTask = task
        return try await task.value.get()
    }

    /// The client, unless the app let it go (then nothing can be sent for this session).
    private func liveClient() throws(PulpeError) -> PulpeAPIClient {
        guard let client else { throw PulpeError(.cancelled, context: ErrorContext(serverMessage: "API client released")) }
        return client
    }

    /// A session in the file for this server with another refresh token that is still fresh.
    private func newerStoredSession(than current: StoredSession) -> StoredSession? {
        guard let store, let stored = try? store.load(server: serverKey),
              stored.session.refreshToken != current.session.refreshToken,
              stored.receivedAt > current.receivedAt,
              !stored.needsRefresh(now: now(), margin: refreshMargin) else { return nil }
        return stored
    }

    @discardableResult
    private func install(_ session: StoredSession) -> StoredSession {
        current = session
        if let store {
            do {
                try store.save(session, server: serverKey)
                lastPersistenceError = nil
            } catch {
                lastPersistenceError = error
            }
        }
        return session
    }

    private func discard() {
        current = nil
        guard let store else { return }
        do {
            try store.remove(server: serverKey)
        } catch {
            lastPersistenceError = error
        }
    }
}
