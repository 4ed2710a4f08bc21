import Foundation
import Synchronization

/// The agent in this process, on an injected clock: the protocol's rules without a socket.
public final class InMemoryKeyAgent: KeyAgentLink {
    private let store = Mutex(KeyAgentStore())
    private let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    public var socket: String? { nil }

    /// Whether it holds nothing (the real agent would have exited).
    public var isEmpty: Bool {
        let now = now().timeIntervalSince1970
        return store.withLock { store in
            store.expire(now: now)
            return store.isEmpty
        }
    }

    /// One protocol line answered as the real agent would.
    public func respond(to line: String) -> String {
        let now = now().timeIntervalSince1970
        return store.withLock { $0.respond(to: line, now: now).reply }
    }

    public func keep(entry: String, payload: String, ttlSeconds: Int) -> UInt64? {
        let now = now().timeIntervalSince1970
        return store.withLock { $0.keep(entry, payload: payload, ttlSeconds: Double(ttlSeconds), now: now) }
    }

    public func payload(entry: String, renewing: Bool) -> String? {
        let now = now().timeIntervalSince1970
        return store.withLock { $0.payload(entry, now: now, renewing: renewing) }
    }

    public func serial(entry: String) -> UInt64? {
        let now = now().timeIntervalSince1970
        return store.withLock { $0.serial(entry, now: now) }
    }

    @discardableResult
    public func forget(entry: String) -> Bool {
        store.withLock { $0.forget(entry) }
    }
}
