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
