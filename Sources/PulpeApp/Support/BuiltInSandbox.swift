import Foundation
import Logging
import PulpeSandbox
import PulpeServices

/// The sandbox `pulpe` talks to when no server is configured (docs/product.md §5): started in-process
/// on an ephemeral loopback port, with its data in `$XDG_DATA_HOME/pulpe/sandbox` so the demo
/// account's changes survive between runs. See docs/decisions.md for why in-process. Handed to
/// `AppServices` as a launcher, so PulpeServices does not link the sandbox, and started only when
/// the first request needs it.
public enum BuiltInSandbox {
    /// The identity sessions are stored under: the port changes every run, the sandbox does not.
    public static let sessionKey = "builtin-sandbox"

    public static func start(environment: [String: String], logger: Logger) async throws -> RunningSandbox {
        var configuration = SandboxConfiguration()
        configuration.port = 0
        configuration.storage = .directory(SandboxConfiguration.defaultDataDirectory(environment: environment))
        configuration.maintenance = SandboxConfiguration.maintenanceRequested(environment: environment)
        let sandbox = try await SandboxServer.start(configuration)
        logger.info("built-in sandbox started", metadata: ["url": "\(sandbox.baseURL.absoluteString)"])
        return sandbox
    }

    /// What `AppServices` starts on the first request when no server is configured.
    public static func launcher(environment: [String: String], logger: Logger) -> LocalServerLauncher {
        LocalServerLauncher(sessionKey: sessionKey) {
            let sandbox = try await start(environment: environment, logger: logger)
            return LocalServerLauncher.Running(baseURL: sandbox.baseURL) { await sandbox.stop() }
        }
    }
}
