import Foundation
import Hummingbird

/// A started sandbox: where it listens, its run-time switches, a seeding API for tests, and `stop()`.
public final class RunningSandbox: Sendable {
    public let host: String
    /// The bound port (the real one when started on port 0).
    public let port: Int
    let services: SandboxServices
    /// Runs the application; its value is why it stopped (`nil` = a clean stop).
    private let task: Task<String?, Never>

    init(host: String, port: Int, services: SandboxServices, task: Task<String?, Never>) {
        self.host = host
        self.port = port
        self.services = services
        self.task = task
    }

    /// `http://127.0.0.1:PORT` (the host as bound; `0.0.0.0` is reported as 127.0.0.1).
    public var origin: URL {
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        return URL(string: "http://\(shown.contains(":") ? "[\(shown)]" : shown):\(port)")!
    }

    /// The API base, `http://127.0.0.1:PORT/api/v1` (what `PULPE_API_URL` holds). The auth server's
    /// origin is `origin`.
    public var baseURL: URL { origin.appendingPathComponent("api/v1") }

    public var isInMaintenance: Bool { services.switches.maintenance }

    /// Switches maintenance mode (same effect as `POST /__sandbox/maintenance`).
    public func setMaintenance(_ enabled: Bool) {
        services.switches.maintenance = enabled
    }

    /// Sets the delay added to every non-admin request, or only to those under `pathPrefix`.
    public func setLatency(milliseconds: Int, pathPrefix: String? = nil) {
        services.switches.latencyMilliseconds = milliseconds
        services.switches.latencyPathPrefix = pathPrefix
    }

    /// Waits (without blocking a thread) until the latency holds at least `count` requests: a
    /// request the test started is then on its way, not merely scheduled. False after `timeout`.
    public func waitUntilHolding(_ count: Int = 1, timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while services.switches.heldRequests < count {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Sets fault injection for `/api/v1` requests (ignored when not `isValid`).
    public func setFaults(_ faults: FaultSettings) {
        guard faults.isValid else { return }
        services.switches.faults = faults
    }

    /// Direct access to the data, for tests and tools (no HTTP, no auth).
    public var seeding: SandboxSeeder { SandboxSeeder(services: services) }

    /// Stops accepting connections, lets in-flight requests finish, and returns when the server is down.
    public func stop() async {
        task.cancel()
        _ = await task.value
    }

    /// Returns when the server has stopped, by `stop()` or by itself; the reason, or `nil` for a clean stop.
    public func waitUntilStopped() async -> String? {
        await task.value
    }
}
