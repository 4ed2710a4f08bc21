import Foundation
import Synchronization

/// Where `KeptClientKeys` keeps a key when the process has no session keyring (decision 103): the
/// key agent, over its socket (`SocketKeyAgent`), or — in tests — a `KeyAgentStore` in this
/// process (`InMemoryKeyAgent`). Entries are « server user », payloads the keyring's text.
public protocol KeyAgentLink: Sendable {
    /// The socket the launcher's fast path asks (nil: none it could reach).
    var socket: String? { get }
    /// Keeps `payload` for `entry` for `ttlSeconds` since its last use; the entry's serial, nil
    /// when no agent took it.
    func keep(entry: String, payload: String, ttlSeconds: Int) -> UInt64?
    /// The live payload; `renewing` makes it a use (its lifetime starts again).
    func payload(entry: String, renewing: Bool) -> String?
    /// The live entry's serial, not a use.
    func serial(entry: String) -> UInt64?
    /// Drops the entry; true when one was held.
    @discardableResult
    func forget(entry: String) -> Bool
}

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
