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

/// The launcher's server, started once, by the first caller that needs it.
actor DeferredServer {
    private let launcher: LocalServerLauncher
    private var running: Task<Result<LocalServerLauncher.Running, any Error>, Never>?
    /// Set by `stop`: the app is ending, and nothing starts again — a request still on its way
    /// (the account's export when `q` came) fails as « nothing listens » instead of spawning a
    /// server that would outlive its `pulpe`.
    private var stopped = false

    init(launcher: LocalServerLauncher) {
        self.launcher = launcher
    }

    func baseURL() async throws -> URL {
        if stopped { throw CancellationError() }
        // A server that died (the child crashed) is replaced at the next request.
        if let task = running, case let .success(server) = await task.value, !server.isRunning() {
            running = nil
            await server.stop()
        }
        let task = running ?? Task { [launcher] in
            do { return .success(try await launcher.start()) } catch { return .failure(error) }
        }
        running = task
        switch await task.value {
        case let .success(server): return server.baseURL
        case let .failure(error):
            running = nil   // the next request tries again
            throw error
        }
    }

    /// Stops the server if it was started.
    func stop() async {
        stopped = true
        guard let task = running else { return }
        running = nil
        if case let .success(server) = await task.value { await server.stop() }
    }
}

/// Sends every request to the deferred server: starts it at the first request, then rewrites the
/// placeholder origin the API client was configured with (`DeferredServerTransport.placeholder`)
/// to the server's real one. A server that cannot start is « nothing listens »: the same failure,
/// and the same offline browsing, as a server that is down.
struct DeferredServerTransport: HTTPTransport {
    /// What the client is configured with before the port is known: port 9 (discard) on the
    /// loopback, never contacted as such.
    static let placeholder = URL(string: "http://127.0.0.1:9/api/v1")!

    let inner: any HTTPTransport
    let server: DeferredServer

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        let base: URL
        do {
            base = try await server.baseURL()
        } catch {
            throw TransportFailure(.cannotConnect, code: -1004, message: "the built-in sandbox did not start: \(error)")
        }
        var rewritten = request
        rewritten.url = Self.rewrite(request.url, onto: base)
        return try await inner.send(rewritten)
    }

    /// `url` with the scheme, host and port of `base`.
    static func rewrite(_ url: URL, onto base: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let target = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return url }
        components.scheme = target.scheme
        components.host = target.host
        components.port = target.port
        return components.url ?? url
    }
}
