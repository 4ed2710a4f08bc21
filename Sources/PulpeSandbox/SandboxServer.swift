import Foundation
import Hummingbird
import Logging

/// Starts the Pulpe-compatible sandbox in this process.
///
/// ```swift
/// var configuration = SandboxConfiguration()
/// configuration.port = 0
/// let sandbox = try await SandboxServer.start(configuration)
/// // … point a client at sandbox.baseURL (http://127.0.0.1:PORT/api/v1) …
/// await sandbox.stop()
/// ```
public enum SandboxServer {
    /// Opens storage (seeding the demo account into an empty database), binds, and returns once the
    /// server accepts connections.
    public static func start(_ configuration: SandboxConfiguration) async throws -> RunningSandbox {
        guard (0...65_535).contains(configuration.port) else {
            throw SandboxStartError.invalidConfiguration("port \(configuration.port) is not in 0…65535")
        }
        guard configuration.faults.isValid else {
            throw SandboxStartError.invalidConfiguration("fault rate must be within 0…1 with at least one kind")
        }
        let database = try SandboxDatabase.open(configuration.storage)
        let switches = RuntimeSwitches(maintenance: configuration.maintenance,
                                       latencyMilliseconds: configuration.latencyMilliseconds,
                                       faults: configuration.faults, seed: configuration.seed)
        let services = SandboxServices(database: database, switches: switches, clock: configuration.clock,
                                       tokenTTLSeconds: configuration.tokenTTLSeconds, anonKey: configuration.anonKey,
                                       validateKeyLimiter: RateLimiter(limit: configuration.validateKeyLimitPerMinute,
                                                                       window: 60),
                                       maxBodyBytes: configuration.maxBodyBytes, seed: configuration.seed,
                                       demoExtraTransactions: configuration.demoExtraTransactions, fixedToday: configuration.today, logger: configuration.logger,
                                       responses: EncodedResponseCache(), deployedSearch: configuration.deployedSearch,
                                       demoHistory: configuration.demoHistory)
        try services.responses.attach(to: database)
        if configuration.seedsDemoAccount {
            try await DemoAccounts.seedLoginAccountIfEmpty(services: services)
        }

        let (events, continuation) = AsyncStream.makeStream(of: StartEvent.self)
        let app = Application(router: SandboxRouter.make(services: services),
                              configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                                   serverName: "pulpe-sandbox"),
                              onServerRunning: { channel in
                                  continuation.yield(.listening(channel.localAddress?.port ?? configuration.port))
                              },
                              logger: configuration.frameworkLogger)
        let task = Task { () -> String? in
            defer { continuation.finish() }
            do {
                try await app.run()
                continuation.yield(.stopped(nil))
                return nil
            } catch {
                let reason = String(describing: error)
                continuation.yield(.stopped(reason))
                return reason
            }
        }
        var iterator = events.makeAsyncIterator()
        switch await iterator.next() {
        case .listening(let port)?:
            configuration.logger.info("listening", metadata: ["host": .string(configuration.host), "port": .stringConvertible(port)])
            return RunningSandbox(host: configuration.host, port: port, services: services, task: task)
        case .stopped(let reason)?:
            throw SandboxStartError.bind(host: configuration.host, port: configuration.port,
                                         reason: reason ?? "server stopped")
        case nil:
            throw SandboxStartError.bind(host: configuration.host, port: configuration.port, reason: "server stopped")
        }
    }

    enum StartEvent: Sendable {
        case listening(Int)
        case stopped(String?)
    }
}
