import Foundation

/// A value behind a lock, for the few places that must be `Sendable` without being an actor
/// (synchronous callers such as `AsyncStream`'s termination handlers, or transports called from
/// many tasks at once). `NSLock` rather than `Mutex` because the package still targets macOS 14.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}
