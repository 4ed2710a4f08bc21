import Foundation

/// A value behind a lock, for the few places that must be `Sendable` without being an actor:
/// synchronous callers such as `AsyncStream`'s termination handlers, transports called from many
/// tasks at once, the sandbox's per-request switches and rate limiter.
///
/// In the domain (Foundation only) so the client and the sandbox, which never import each other,
/// share one implementation. `NSLock` rather than `Synchronization.Mutex` because the package still
/// targets macOS 14 (`Mutex` needs macOS 15).
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value; keep it short and never `await` inside.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value as it is now.
    public var current: Value { withLock { $0 } }
}
