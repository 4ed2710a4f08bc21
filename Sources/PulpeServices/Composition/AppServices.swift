import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeCurlTransport
import PulpeStore

/// The headless composition root: resolves which server to talk to, owns the session, API client,
/// cache and outbox, and — when no server is configured — the launcher of the built-in sandbox,
/// started by the first request that needs it (a command that asks the server nothing starts nothing). The TUI and every shell
/// subcommand are built on one of these; nothing here touches the terminal.
public final class AppServices: Sendable {
    public let paths: XDGPaths
    public let logger: Logger
    public let configuration: APIConfiguration
    public let network: PulpeNetwork
    public let cache: CacheStore
    /// Expenses not yet on the server; nil when its file cannot be used (adding then says so).
    public let outbox: OutboxStore?
    /// The narrow services effects and subcommands use.
    public let services: ServiceSet
    /// What the start found wrong with the local files (logged already; the shell prints
    /// `userLines`, the TUI shows the outbox's part on the status line).
    public let localState: LocalStateReport
    /// The built-in sandbox, when no server is configured: started on the first request.
    private let localServer: DeferredServer?
    /// How long a key kept now lasts since its last use (`key_ttl`, or `--key-ttl`).
    public let keyTTLSeconds: Int

    private init(paths: XDGPaths, logger: Logger, configuration: APIConfiguration, network: PulpeNetwork,
                 cache: CacheStore, outbox: OutboxStore?, localServer: DeferredServer?, clock: WallClock, keptKeys: KeptClientKeys,
                 keyChecks: KeyCheckMemory, keyCheck: KeyCheckPolicy, localState: LocalStateReport) {
        self.paths = paths
        self.localState = localState
        self.logger = logger
        self.configuration = configuration
        self.network = network
        self.cache = cache
        self.outbox = outbox
        self.localServer = localServer
        self.keyTTLSeconds = keptKeys.ttlSeconds
        let context = ServiceContext(network: network, cache: cache, logger: logger, clock: clock, keptKeys: keptKeys,
                                     keyChecks: keyChecks, keyCheckPolicy: keyCheck)
        services = ServiceSet(availability: NetworkAvailability(context: context), sessions: NetworkSessions(context: context),
                              budgets: NetworkBudgets(context: context),
                              outbox: NetworkOutbox(context: context, store: outbox,
                                                    notice: localState.outboxNotice))
    }

    /// Which server: flags > environment > config file > built-in sandbox (docs/product.md §5). Fast
    /// and synchronous, so a bad setting is reported before anything starts.
    public static func resolveServer(_ flags: ConfigurationFlags, environment: [String: String]) throws(ConfigurationError)
        -> ServerSelection {
        let file = try ConfigFile.load(path: ConfigFile.defaultPath(environment: environment))
        return try APIConfigurationResolver.resolve(flags: flags, environment: environment, file: file)
    }

    /// The set of files `start` opens for `selection` (decision 111): the saved session's account's,
    /// read from disk without starting anything (`pulpe status` stamps them before it starts).
    public static func accountFiles(_ selection: ServerSelection, environment: [String: String]) -> AccountFiles {
        let server: String
        switch selection {
        case let .remote(remote): server = remote.sessionKey
        case .builtInSandbox: server = builtInSandboxSessionKey
        }
        let sessionStore = SessionStore(fileURL: SessionStore.defaultFileURL(environment: environment))
        return AccountFiles.of(savedAccount(sessionStore: sessionStore, server: server), environment: environment)
    }

    /// The built-in sandbox's sessions are kept under this name, whatever port it listens on.
    public static let builtInSandboxSessionKey = "builtin-sandbox"

    /// Wires the network, the cache and the outbox for `selection`. For the built-in sandbox the
    /// client is configured with a placeholder origin and `localServer` (the app's launcher) starts
    /// at the first request; the very first start seeds the demo account.
    /// `keyCheck`: how a kept client key is checked when the session is restored (the TUI at every
    /// start, the shell trusting a recent success); `keyTTLSeconds`: how long a key kept now lasts
    /// since its last use (`pulpe unlock --key-ttl`; else `key_ttl` from the environment or file);
    /// `keyAgent`: where a key is kept without a session keyring (nil: the key agent of this state's
    /// socket, decision 103; in-process tests hand one of their own).
    public static func start(_ selection: ServerSelection, environment: [String: String], logger: Logger,
                             clock: WallClock = .system, keyCheck: KeyCheckPolicy = .remembered,
                             keyTTLSeconds: Int? = nil, localServer launcher: LocalServerLauncher? = nil,
                             outboxAccess: OutboxAccess = .readWrite, keyAgent: (any KeyAgentLink)? = nil)
        async throws -> AppServices {
        // libcrypto opened beside the reading of the session and the kept key rather than after
        // it: the sealed files need it before the first paint (decision 83).
        DispatchQueue.global(qos: .userInitiated).async { _ = SealedFiles.isAvailable }
        let configuration: APIConfiguration
        var localServer: DeferredServer?
        var transport: any HTTPTransport
        switch selection {
        case let .remote(remote):
            // The proxy and certificates as curl and the other tools read them (decision 86).
            let file = try? ConfigFile.load(path: ConfigFile.defaultPath(environment: environment))
            transport = CurlHTTPTransport(settings: TransportSettings.resolve(environment: environment, file: file))
            configuration = remote
            logger.info("server", metadata: ["configuration": "\(configuration)"])
        case .builtInSandbox:
            guard let launcher else { throw LocalServerUnavailable() }
            let server = DeferredServer(launcher: launcher)
            localServer = server
            // This machine's own child on loopback: never through a proxy, whatever the environment.
            transport = DeferredServerTransport(inner: CurlHTTPTransport(), server: server)
            var local = APIConfiguration.sandbox(baseURL: DeferredServerTransport.placeholder)
            local.sessionKeyOverride = launcher.sessionKey
            configuration = local
            logger.info("server", metadata: ["configuration": "built-in sandbox, started on the first request"])
        }
        let sessionStore = SessionStore(fileURL: SessionStore.defaultFileURL(environment: environment))
        let locks = LockSettings.resolveLeniently(environment: environment,
                                                  file: try? ConfigFile.load(path: ConfigFile.defaultPath(environment: environment)))
        let keptKeysFile = KeptClientKeys.defaultFileURL(environment: environment)
        let keptKeys = KeptClientKeys(fileURL: keptKeysFile,
                                      agent: keyAgent ?? SocketKeyAgent.forState(keptKeysFile: keptKeysFile, environment: environment),
                                      ttlSeconds: keyTTLSeconds ?? locks.keyTTLSeconds, now: { clock.now() })
        // Beside the kept key, never in a file (decision 102); the file of before goes.
        let keyChecks = KeyCheckMemory(keys: keptKeys)
        KeyCheckMemory.removeLegacyFile(environment: environment)
        var report = LocalStateReport()
        // The private files are checked before anything reads them: modes fixed and said, and an
        // unreadable one named once here rather than silently skipped at every read.
        let sessionCheck = sessionStore.checkAtStart()
        report.sessionUnreadable = sessionCheck.problem
        let keysCheck = keptKeys.checkAtStart()
        report.keptKeysUnreadable = keysCheck.problem
        report.keptKeysMoved = keysCheck.moved
        report.tightened += [sessionCheck.tightened].compactMap { $0 }
        let network = await PulpeNetwork.make(configuration: configuration, transport: transport, sessionStore: sessionStore)
        // The local files are sealed (decision 83): opened now when the client key is at hand
        // (kept, or the demo's), else locked until the PIN installs one.
        // Argon2id once per client key, then kept beside it for the shell (decision 102).
        let server = configuration.sessionKey
        // The saved session's account has its own set of files (decision 111).
        let saved = savedAccount(sessionStore: sessionStore, server: server)
        let files = outboxAccess == .readWrite ? AccountFiles.opening(saved, environment: environment)
            : AccountFiles.of(saved, environment: environment)
        let stretcher = KeyStretcher(keeper: KeptStretches(keys: keptKeys))
        let vault = DataKeyVault(path: files.dataKey, stretcher: stretcher)
        let account: @Sendable (String) -> VaultAccount? = { clientKey in
            vaultAccount(clientKey: clientKey, sessionStore: sessionStore, server: server)
        }
        let start = startClientKey(sessionStore: sessionStore, keptKeys: keptKeys, server: server)
        let startKey = start?.key
        let startAccount = start?.account
        let outboxPath = files.outbox
        // Read before the outbox opens: said with it if it must be set aside (decision 99).
        let waiting = OutboxStore.waitingHint(at: outboxPath)
        // A kept key is not checked yet: it opens what it can, and replaces nothing (decision 104).
        let outcome = startKey.flatMap { key in
            startAccount.flatMap {
                LocalDataSeal.dataKey(for: key, account: $0, mayReplace: $0.isDemo, vault: vault, logger: logger, now: clock.now())
            }
        }
        let dataKey = outcome?.key
        // Where a Secret Service runs, the cache also needs its secret (decision 105).
        let cacheSecrets = CacheSecrets.live(environment: environment)
        let cacheKey = dataKey.flatMap { key in
            startAccount.flatMap { cacheSecrets.cacheKey(dataKey: key, account: $0, vault: vault, logger: logger) }
        }
        let cache = CacheStore.sealed(at: files.cache, key: cacheKey) { problem in
            logger.warning("\(problem)")
        }
        let outbox = openOutbox(at: outboxPath, access: outboxAccess, key: dataKey, now: clock.now(), report: &report,
                                logger: logger)
        if report.outboxSetAside != nil { report.outboxSetAsideHeld = OutboxHeld(waiting: waiting, dataKeyKeptAt: outcome?.keptAside) }
        report.outboxKeptAside = DamagedOutbox.keptAside(besides: outboxPath)
        report.log(to: logger)
        let seal = LocalDataSeal(files: files, environment: environment, stretcher: stretcher, cacheSecrets: cacheSecrets,
                                 cache: cache, outbox: outbox, logger: logger, now: { clock.now() }, account: account)
        if let startKey, let startAccount {
            if dataKey != nil { seal.opened(with: startKey, account: startAccount) } else { seal.notOpened(withKept: startKey) }
        } else if let (aside, owner) = RefusedKey.keptAside(sessionStore: sessionStore, keptKeys: keptKeys, server: server) {
            seal.remember(previous: aside, account: owner)
        }
        await network.client.observeClientKey { seal.clientKeyChanged($0) }
        await network.client.setOfflineKeys(seal)
        return AppServices(paths: XDGPaths(environment: environment), logger: logger, configuration: configuration,
                           network: network, cache: cache, outbox: outbox, localServer: localServer, clock: clock,
                           keptKeys: keptKeys, keyChecks: keyChecks, keyCheck: keyCheck, localState: report)
    }

    /// The client key that opens the local files at start without asking anything — the demo's,
    /// or the one kept for this session (read without renewing its lifetime) — and whose data it
    /// opens, from one read of the saved session.
    private static func startClientKey(sessionStore: SessionStore, keptKeys: KeptClientKeys,
                                       server: String) -> (key: String, account: VaultAccount)? {
        guard let stored = try? sessionStore.load(server: server) else { return nil }
        if stored.kind == .demo { return (DemoSession.clientKey, VaultAccount(server: server, userId: "", isDemo: true)) }
        guard let key = keptKeys.peek(server: server, userId: stored.info.userId) else { return nil }
        return (key, VaultAccount(server: server, userId: stored.info.userId, isDemo: false))
    }

    /// The saved session's account (the demo's for a demo session); nil when none is saved.
    private static func savedAccount(sessionStore: SessionStore, server: String) -> VaultAccount? {
        guard let stored = try? sessionStore.load(server: server) else { return nil }
        return VaultAccount(server: server, userId: stored.info.userId, isDemo: stored.kind == .demo)
    }

    /// Whose data `clientKey` opens (decision 99): the demo's for its public key, else the account
    /// of the session kept for `server`.
    private static func vaultAccount(clientKey: String, sessionStore: SessionStore, server: String) -> VaultAccount? {
        if clientKey.lowercased() == DemoSession.clientKey.lowercased() {
            return VaultAccount(server: server, userId: "", isDemo: true)
        }
        guard let stored = try? sessionStore.load(server: server), stored.kind != .demo else { return nil }
        return VaultAccount(server: server, userId: stored.info.userId, isDemo: false)
    }

    /// The outbox as the command needs it, sealed with `key` (locked without one); nil when it
    /// cannot be used (why is in `report` or the log).
    private static func openOutbox(at path: String, access: OutboxAccess, key: DataKey?, now: Date,
                                   report: inout LocalStateReport, logger: Logger) -> OutboxStore? {
        guard access == .readWrite else {
            // A command that only shows what waits never writes the file (not even SQLite's
            // bookkeeping at open): what cannot be read counts as nothing waiting, said in the log.
            do {
                let opened = try OutboxStore.sealedForReading(at: path, key: key)
                report.tightened += opened?.opening.tightened ?? []
                return opened
            } catch {
                logger.warning("\(error)")
                return nil
            }
        }
        do {
            let opened = try OutboxStore.sealed(at: path, key: key, now: now)
            report.outboxSetAside = opened.opening.setAside
            report.tightened += opened.opening.tightened
            return opened
        } catch {
            // Left where it is: a full or read-only disk is no reason to touch it. Adding says why.
            report.outboxUnusable = "\(error)"
            if case .unsealable = error { report.outboxUnsealable = true }
            return nil
        }
    }

    /// Stops the built-in sandbox, if one was started.
    public func stop() async {
        await localServer?.stop()
        // Closed cleanly, the cache file is stamped and the next start skips its full check.
        cache.close()
    }
}
