import Foundation
import PulpeCore
import PulpeDomain

/// What the read-only shell commands (`status`, `month`, `year`) share: one deadline for the whole
/// command — a prompt or a tmux status bar must never hang — the session check, the settings, and
/// « the cache when fresh enough, else the server until the deadline, else the cache with its age ».
struct ShellReading: Sendable {
    enum Start: Sendable, Hashable {
        case ready(UserSettings)
        case notSignedIn
        /// Signed in with a password, and no client key (the PIN is needed: `pulpe unlock`).
        case locked
        /// The kept key was refused: the PIN was changed elsewhere (`pulpe unlock` with the new one).
        case keyChanged
        /// Nothing known and the server did not answer.
        case unavailable(Failure?)
    }

    /// Data with how it was obtained.
    struct Read<Value: Hashable & Sendable>: Sendable {
        var fetched: Fetched<Value>
        /// The server could not be asked in time and the cache answered.
        var isStale: Bool
    }

    let services: ServiceSet
    let clock: WallClock
    let deadline: ContinuousClock.Instant

    init(services: ServiceSet, clock: WallClock, timeout: Duration) {
        self.services = services
        self.clock = clock
        deadline = ContinuousClock.now + timeout
    }

    func left() -> Duration { max(.zero, deadline - ContinuousClock.now) }

    /// Who is signed in, whether their data is unlocked, and their settings (pay day, currency).
    /// Local first: a saved session whose data needs no PIN, with cached settings, answers without
    /// a socket — the server (and the built-in sandbox) is only started by `fresh` when the cache
    /// is too old (a status bar polling a fresh cache costs a few file reads).
    func start() async -> Start {
        if let saved = await services.sessions.offlineSession(), saved.needsNoPin,
           case let .cached(cached, _)? = await services.budgets.cachedSettings() {
            return .ready(cached)
        }
        return await connect()
    }

    /// The saved session restored with the server (tokens refreshed, the kept key checked and
    /// installed), then the settings.
    private func connect() async -> Start {
        switch await withTimeout(left(), { await services.sessions.restoreSession() }) {
        case .some(nil):
            return .notSignedIn
        case nil:
            // The server is slow: the saved session still says whose cache to read.
            guard let offline = await services.sessions.offlineSession() else { return .unavailable(.timeout) }
            guard offline.needsNoPin else { return .locked }
        case let .some(.some(summary)):
            if summary.keyWasRefused { return .keyChanged }
            guard summary.isUnlocked || summary.needsNoPin else { return .locked }
        }
        if case let .cached(cached, _)? = await services.budgets.cachedSettings() { return .ready(cached) }
        if case let .loaded(loaded, _)? = await withTimeout(left(), { await services.budgets.loadSettings() }) {
            return .ready(loaded)
        }
        return .unavailable(nil)
    }

    /// `cached` when younger than `maxAge`, else `fetch` until the deadline, else `cached` marked
    /// stale; the failure when there is nothing to show.
    func fresh<Value: Hashable & Sendable>(cached: Fetched<Value>?, maxAge: Duration,
                                           fetch: @escaping @Sendable () async -> FetchOutcome<Value>)
        async -> Result<Read<Value>, Failure> {
        if let cached, clock.now().timeIntervalSince(cached.fetchedAt) <= maxAge.timeInterval {
            return .success(Read(fetched: cached, isStale: false))
        }
        // The server is needed: restore the session with it first (the kept key checked, installed).
        switch await connect() {
        case .ready: break
        case .keyChanged: return .failure(.keyChanged)
        case .locked: return .failure(.pinRequired)
        case .notSignedIn: return .failure(.sessionExpired)
        case .unavailable:
            if let cached { return .success(Read(fetched: cached, isStale: true)) }
            return .failure(.timeout)
        }
        let answer = await withTimeout(left(), fetch)
        if case let .fetched(fetched)? = answer { return .success(Read(fetched: fetched, isStale: false)) }
        // A refused key is the user's to fix (a new PIN), not a slow server: no stale figures.
        if case .failed(.keyChanged)? = answer { return .failure(.keyChanged) }
        if let cached { return .success(Read(fetched: cached, isStale: true)) }
        if case let .failed(failure)? = answer { return .failure(failure) }
        return .failure(.timeout)
    }
}
