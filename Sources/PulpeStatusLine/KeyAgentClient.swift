#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One exchange with the key agent at `socket` (decision 103): connect, one request line, one
/// reply line. Nil when no agent answers — or when what answers is not trusted: a socket whose
/// directory another user could have entered, or a peer running as another user.
public struct KeyAgentClient: Sendable, Hashable {
    public let socket: String
    /// How long a send or a receive may wait: an agent answers from memory at once.
    public let timeoutMilliseconds: Int

    public init(socket: String, timeoutMilliseconds: Int = 1000) {
        self.socket = socket
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// The agent's reply to `request` (one line, without `\n`), or nil.
    public func exchange(_ request: String) -> String? {
        guard let slash = socket.utf8.lastIndex(of: UInt8(ascii: "/")),
              KeyAgentPaths.isPrivateDirectory(String(socket[..<slash])),
              let descriptor = UnixSocket.connect(to: socket) else { return nil }
        defer { close(descriptor) }
        guard UnixSocket.peerUID(descriptor) == getuid() else { return nil }
        UnixSocket.setTimeout(descriptor, milliseconds: timeoutMilliseconds)
        guard UnixSocket.writeAll(descriptor, Array((request + "\n").utf8)),
              let reply = UnixSocket.readLine(descriptor, limit: KeyAgentWire.maximumLineBytes) else { return nil }
        return String(decoding: reply, as: UTF8.self)
    }

    /// The serial of the live entry `entry` (hex), without using it: what the launcher's fast path
    /// asks (`has`), nil when the agent holds none or is gone.
    public func serial(ofEntryHex entry: String) -> UInt64? {
        KeyAgentWire.serial(ofHasReply: exchange("has " + entry))
    }

    /// `keep`: `payload` held as `entry` for `ttlSeconds`; its serial, nil when no agent took it.
    public func keep(entry: String, payload: String, ttlSeconds: Int) -> UInt64? {
        guard let reply = exchange("keep \(KeyAgentWire.hex(entry)) \(ttlSeconds) \(KeyAgentWire.hex(payload))"),
              reply.hasPrefix("ok ") else { return nil }
        return UInt64(reply.dropFirst(3))
    }

    /// `get` (a use: the entry's lifetime starts again) or `peek` (not a use): the payload, if held.
    public func payload(entry: String, renewing: Bool) -> String? {
        guard let reply = exchange("\(renewing ? "get" : "peek") \(KeyAgentWire.hex(entry))"), reply.hasPrefix("key ") else {
            return nil
        }
        return KeyAgentWire.unhex(reply.dropFirst(4))
    }

    /// `forget`: true when the agent held the entry.
    public func forget(entry: String) -> Bool {
        exchange("forget \(KeyAgentWire.hex(entry))") == "ok"
    }
}
