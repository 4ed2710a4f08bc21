import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeStore
import Synchronization

/// What the network-backed services share: the API client and session (PulpeNetworking), the
/// cache (PulpeStore), the shared year-list requests, and the one translation of a `PulpeError`
/// into the core's vocabulary. Tokens and the client key stay in `AuthSessionManager` and
/// `ClientKeyService`; failures' diagnostics (never secrets) go to the log.
final class ServiceContext: Sendable {
    let network: PulpeNetwork
    let cache: CacheStore
    let yearLists: YearListRequests
    let logger: Logger
    let clock: WallClock
    /// Where a PIN-derived client key is kept for the shell (nil: never kept, e.g. in tests).
    let keptKeys: KeptClientKeys?
    /// When a kept key was last confirmed by the server (nil: not remembered, e.g. in tests).
    let keyChecks: KeyCheckMemory?
    /// Whether a kept key is validated at every start (the TUI) or trusted for a while after a
    /// success (the shell, which a status bar runs every few seconds).
    let keyCheckPolicy: KeyCheckPolicy
    /// The server's text search answered nothing where the replica found hits (as deployed,
    /// `pulpe-api.md` §14.5): for the rest of this process, searches stop waiting for it.
    let serverSearchUnusable = Mutex(false)

    init(network: PulpeNetwork, cache: CacheStore, logger: Logger, clock: WallClock, keptKeys: KeptClientKeys? = nil,
         keyChecks: KeyCheckMemory? = nil, keyCheckPolicy: KeyCheckPolicy = .remembered) {
        self.network = network
        self.cache = cache
        self.keptKeys = keptKeys
        self.keyChecks = keyChecks
        self.keyCheckPolicy = keyCheckPolicy
        self.yearLists = YearListRequests(client: network.client)
        self.logger = logger
        self.clock = clock
    }

    /// Cache entries belong to this server and this user: two accounts never mix.
    func cacheScope() async -> CacheScope? {
        guard let info = await network.sessions.sessionInfo else { return nil }
        return CacheScope(serverKey: network.configuration.sessionKey, userId: info.userId)
    }

    /// A failure that means « no server »: a transport failure, or (browsing the cache offline,
    /// where the client key could not be validated) a request that was never sent for want of it.
    func isOffline(_ error: PulpeError) async -> Bool {
        if error.isTransport { return true }
        guard error.kind == .forbidden(.clientKeyMissing) else { return false }
        return await network.connectivity.state != .online
    }

    func fetchFailure(_ error: PulpeError, during operation: String) async -> Failure {
        if await isOffline(error) {
            logger.info("\(operation) skipped: offline")
            return .offline
        }
        return failure(error, during: operation)
    }

    func summary(of info: SessionInfo) async -> SessionSummary {
        SessionSummary(email: info.email ?? "", isDemo: info.kind == .demo, isUnlocked: await network.clientKeys.isUnlocked,
                       hasKeptKey: hasKeptKey(info))
    }

    /// Whether a key is kept for this user, without using it: looking does not renew its
    /// lifetime (a status bar reading the cache every few seconds must not keep a key alive).
    func hasKeptKey(_ info: SessionInfo) -> Bool {
        guard info.kind == .password else { return false }
        return keptKeys?.isKept(server: network.configuration.sessionKey, userId: info.userId) ?? false
    }

    /// The client key kept for this user on this server, if any (demo sessions need none). Reading
    /// it is a use: its lifetime starts again.
    func keptKey(of info: SessionInfo) -> String? {
        guard info.kind == .password else { return nil }
        return keptKeys?.key(server: network.configuration.sessionKey, userId: info.userId)
    }

    /// The failure the core routes on; the diagnostic (never a secret) goes to the log.
    func failure(_ error: PulpeError, during operation: String) -> Failure {
        logger.warning("\(operation) failed", metadata: ["error": "\(error.diagnostic)"])
        return Failure(error)
    }
}
