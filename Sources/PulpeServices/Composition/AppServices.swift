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
    private let sandbox: RunningSandbox?

    private init(paths: XDGPaths, logger: Logger, configuration: APIConfiguration, network: PulpeNetwork,
                 cache: CacheStore, outbox: OutboxStore?, sandbox: RunningSandbox?, clock: WallClock, keptKeys: KeptClientKeys) {
        self.paths = paths
        self.logger = logger
        self.configuration = configuration
        self.network = network
        self.cache = cache
        self.outbox = outbox
        self.sandbox = sandbox
        let context = ServiceContext(network: network, cache: cache, logger: logger, clock: clock, keptKeys: keptKeys)
        services = ServiceSet(availability: NetworkAvailability(context: context), sessions: NetworkSessions(context: context),
                              budgets: NetworkBudgets(context: context),
                              outbox: NetworkOutbox(context: context, store: outbox))
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
    public static func start(_ selection: ServerSelection, environment: [String: String], logger: Logger,
                             clock: WallClock = .system) async throws -> AppServices {
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
        let network = await PulpeNetwork.make(
            configuration: configuration,
            sessionStore: SessionStore(fileURL: SessionStore.defaultFileURL(environment: environment)))
        let cache = CacheStore.open(at: CacheStore.defaultPath(environment: environment)) { problem in
            logger.warning("\(problem)")
        }
        let outbox: OutboxStore?
        do {
            outbox = try OutboxStore.open(at: OutboxStore.defaultPath(environment: environment))
        } catch {
            // Never replaced or deleted: it may hold someone's expenses. Adding says it cannot store.
            logger.error("\(error)")
            outbox = nil
        }
        return AppServices(paths: XDGPaths(environment: environment), logger: logger, configuration: configuration,
                           network: network, cache: cache, outbox: outbox, sandbox: sandbox, clock: clock,
                           keptKeys: KeptClientKeys(fileURL: KeptClientKeys.defaultFileURL(environment: environment)))
    }

    /// Stops the built-in sandbox, if one was started.
    public func stop() async {
        await sandbox?.stop()
    }
}
