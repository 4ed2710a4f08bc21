import PulpeCore

/// Services that may still be starting (the built-in sandbox seeding its demo account, the
/// network being wired): the first frame never waits for them, and every effect awaits them in
/// one place instead of each service being mirrored by a forwarding wrapper.
public struct ServiceProvider: Sendable {
    private let task: Task<ServiceSet, Never>

    /// Starts building the services now.
    public init(_ build: @escaping @Sendable () async -> ServiceSet) {
        task = Task { await build() }
    }

    /// Services that are ready at once (tests, one-shot commands).
    public init(ready services: ServiceSet) {
        task = Task { services }
    }

    public var services: ServiceSet {
        get async { await task.value }
    }
}
