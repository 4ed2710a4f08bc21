import Foundation
import PulpeNetworking

/// Starts the server `pulpe` talks to when none is configured (the built-in sandbox), handed in by
/// the app (`PulpeApp`'s `BuiltInSandbox.launcher`): PulpeServices never links the sandbox itself.
/// Nothing is started until the first request needs it (`DeferredServerTransport`), so a command
/// that asks nothing of the server — `pulpe pending`, `pulpe lock`, `pulpe status` with a fresh
/// cache — binds nothing and opens no socket.
public struct LocalServerLauncher: Sendable {
    /// A server that runs: where it answers, and how to stop it.
    public struct Running: Sendable {
        public var baseURL: URL
        /// False once the server has died (a child process that crashed): the next request starts another.
        public var isRunning: @Sendable () -> Bool
        public var stop: @Sendable () async -> Void

        public init(baseURL: URL, isRunning: @escaping @Sendable () -> Bool = { true }, stop: @escaping @Sendable () async -> Void) {
            self.baseURL = baseURL
            self.isRunning = isRunning
            self.stop = stop
        }
    }

    /// The identity sessions, keys and caches are stored under: the port changes every run, the
    /// server does not.
    public var sessionKey: String
    public var start: @Sendable () async throws -> Running

    public init(sessionKey: String, start: @escaping @Sendable () async throws -> Running) {
        self.sessionKey = sessionKey
        self.start = start
    }
}
