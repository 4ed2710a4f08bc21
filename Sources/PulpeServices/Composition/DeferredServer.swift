import Foundation
import PulpeNetworking

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
