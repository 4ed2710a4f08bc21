import Foundation

/// `GET /health` → `{"status":"healthy"}` (no auth, never in maintenance): the connectivity probe.
public struct HealthStatus: Sendable, Hashable, Codable {
    public var status: String

    public init(status: String = "healthy") {
        self.status = status
    }

    /// Whether the server says it is healthy.
    public var isHealthy: Bool { status == "healthy" }
}
