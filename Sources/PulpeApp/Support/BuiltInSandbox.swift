import Foundation
import Logging
import PulpeServices

/// The sandbox `pulpe` talks to when no server is configured (docs/product.md §5): `pulpe-server`,
/// started as a child process on an ephemeral loopback port, its data in
/// `$XDG_DATA_HOME/pulpe/sandbox` (the server's default) so the demo account's changes survive
/// between runs. `pulpe` does not link the sandbox (decision 51): the server and its HTTP stack
/// cost a client that talks to a real server nothing. Handed to `AppServices` as a launcher and
/// started only when the first request needs it.
public enum BuiltInSandbox {
    /// The identity sessions are stored under: the port changes every run, the sandbox does not.
    public static let sessionKey = AppServices.builtInSandboxSessionKey

    /// What `AppServices` starts on the first request when no server is configured.
    public static func launcher(environment: [String: String], logger: Logger) -> LocalServerLauncher {
        LocalServerLauncher(sessionKey: sessionKey) {
            guard let executable = ServerExecutable.locate(environment: environment) else {
                let message = ServerExecutable.missingMessage
                logger.error("\(message)")
                throw ServerChild.Failure(description: message)
            }
            let logFile = XDGPaths(environment: environment).sandboxLogFile
            // Bounded like pulpe.log: set aside at 1 MiB, one copy (the child appends to it).
            LogFile.setAsideIfFull(logFile)
            let log = logFile.path
            let child = try await ServerChild.start(executable: executable, log: log)
            logger.info("built-in sandbox started", metadata: ["url": "\(child.origin.absoluteString)", "pid": "\(child.pid)"])
            return LocalServerLauncher.Running(baseURL: child.origin.appendingPathComponent("api/v1"),
                                               isRunning: { child.isRunning() }, stop: { await child.stop() })
        }
    }
}
