import Foundation
import Logging
import PulpeCore
import PulpeNetworking
import PulpeSandbox
import PulpeStore

/// The headless composition root: resolves which server to talk to, starts the built-in sandbox
/// when none is configured, and owns the session, API client and cache. The TUI and every shell
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
    private let sandbox: RunningSandbox?
    /// How long a key kept now lasts since its last use (`key_ttl`, or `--key-ttl`).
    public let keyTTLSeconds: Int

    private init(paths: XDGPaths, logger: Logger, configuration: APIConfiguration, network: PulpeNetwork,
                 cache: CacheStore, outbox: OutboxStore?, sandbox: RunningSandbox?, clock: WallClock, keptKeys: KeptClientKeys,
                 keyChecks: KeyCheckMemory, keyCheck: KeyCheckPolicy, localState: LocalStateReport) {
        self.paths = paths
        self.localState = localState
        self.logger = logger
        self.configuration = configuration
        self.network = network
        self.cache = cache
        self.outbox = outbox
        self.sandbox = sandbox
        self.keyTTLSeconds = keptKeys.ttlSeconds
        let context = ServiceContext(network: network, cache: cache, logger: logger, clock: clock, keptKeys: keptKeys,
                                     keyChecks: keyChecks, keyCheckPolicy: keyCheck)
        services = ServiceSet(availability: NetworkAvailability(context: context), sessions: NetworkSessions(context: context),
                              budgets: NetworkBudgets(context: context),
                              outbox: NetworkOutbox(context: context, store: outbox,
                                                    notice: localState.outboxNotice))
    }

    /// Which server: flags > environment > config file > built-in sandbox (product.md §5). Fast
    /// and synchronous, so a bad setting is reported before anything starts.
    public static func resolveServer(_ flags: ConfigurationFlags, environment: [String: String]) throws(ConfigurationError)
        -> ServerSelection {
        let file = try ConfigFile.load(path: ConfigFile.defaultPath(environment: environment))
        return try APIConfigurationResolver.resolve(flags: flags, environment: environment, file: file)
    }

    /// Starts what `selection` needs (the built-in sandbox, whose very first start seeds the demo
    /// account) and wires the network and the cache. Throws only when the sandbox cannot start.
    /// `keyCheck`: how a kept client key is checked when the session is restored (the TUI at every
    /// start, the shell trusting a recent success); `keyTTLSeconds`: how long a key kept now lasts
    /// since its last use (`pulpe unlock --key-ttl`; else `key_ttl` from the environment or file).
    public static func start(_ selection: ServerSelection, environment: [String: String], logger: Logger,
                             clock: WallClock = .system, keyCheck: KeyCheckPolicy = .remembered,
                             keyTTLSeconds: Int? = nil) async throws -> AppServices {
        let configuration: APIConfiguration
        var sandbox: RunningSandbox?
        switch selection {
        case let .remote(remote):
            configuration = remote
        case .builtInSandbox:
            let running = try await BuiltInSandbox.start(environment: environment, logger: logger)
            sandbox = running
            var local = APIConfiguration.sandbox(baseURL: running.baseURL)
            local.sessionKeyOverride = BuiltInSandbox.sessionKey
            configuration = local
        }
        logger.info("server", metadata: ["configuration": "\(configuration)"])
        let sessionStore = SessionStore(fileURL: SessionStore.defaultFileURL(environment: environment))
        let locks = LockSettings.resolveLeniently(environment: environment,
                                                  file: try? ConfigFile.load(path: ConfigFile.defaultPath(environment: environment)))
        let keptKeys = KeptClientKeys(fileURL: KeptClientKeys.defaultFileURL(environment: environment),
                                      ttlSeconds: keyTTLSeconds ?? locks.keyTTLSeconds, now: { clock.now() })
        let keyChecks = KeyCheckMemory(fileURL: KeyCheckMemory.defaultFileURL(environment: environment), now: { clock.now() })
        var report = LocalStateReport()
        // The private files are checked before anything reads them: modes fixed and said, and an
        // unreadable one named once here rather than silently skipped at every read.
        let sessionCheck = sessionStore.checkAtStart()
        report.sessionUnreadable = sessionCheck.problem
        let keysCheck = keptKeys.checkAtStart()
        report.keptKeysUnreadable = keysCheck.problem
        report.tightened += [sessionCheck.tightened, keysCheck.tightened].compactMap { $0 }
        let network = await PulpeNetwork.make(configuration: configuration, sessionStore: sessionStore)
        let cache = CacheStore.open(at: CacheStore.defaultPath(environment: environment)) { problem in
            logger.warning("\(problem)")
        }
        let outboxPath = OutboxStore.defaultPath(environment: environment)
        let outbox: OutboxStore?
        do {
            let opened = try OutboxStore.open(at: outboxPath, now: clock.now())
            report.outboxSetAside = opened.opening.setAside
            report.tightened += opened.opening.tightened
            outbox = opened
        } catch {
            // Left where it is: a full or read-only disk is no reason to touch it. Adding says why.
            report.outboxUnusable = "\(error)"
            outbox = nil
        }
        report.outboxKeptAside = DamagedOutbox.keptAside(besides: outboxPath)
        report.log(to: logger)
        return AppServices(paths: XDGPaths(environment: environment), logger: logger, configuration: configuration,
                           network: network, cache: cache, outbox: outbox, sandbox: sandbox, clock: clock,
                           keptKeys: keptKeys, keyChecks: keyChecks, keyCheck: keyCheck, localState: report)
    }

    /// Stops the built-in sandbox, if one was started.
    public func stop() async {
        await sandbox?.stop()
    }
}
