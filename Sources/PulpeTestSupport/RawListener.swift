import Foundation
import Glibc
import Synchronization

/// A loopback TCP server that misbehaves on purpose: after the first bytes of each connection
/// (a request head, a TLS hello) it never answers, hangs up, or writes exactly the bytes it was
/// given. Plain blocking sockets on their own threads, so it costs no CPU while it holds a client:
/// what a test measures about waiting is the client's.
public final class RawListener: Sendable {
    public enum Behaviour: Sendable {
        /// Keep the connection open and silent until the client hangs up or `stop()`.
        case hold
        /// Close the connection at once.
        case close
        /// Read the request head, write these bytes, then wait for the client to hang up.
        case reply(Data)
        /// Read the request head, write these bytes, then close: a server that does not keep
        /// connections, whatever the answer said.
        case replyAndClose(Data)
    }

    public let port: Int
    private let socket: Int32
    private let behaviour: Behaviour
    private let state = Mutex(State())

    private struct State {
        /// Connections accepted, whether or not a request followed.
        var connections = 0
        var requests = 0
        /// Each connection's bytes read before answering: the request head and as much of its
        /// body as `Content-Length` announces.
        var received: [Data] = []
        /// Connections this listener has closed.
        var closed = 0
        var open: [Int32] = []
        var stopped = false
        /// The accept loop has closed the listening socket: its number may belong to another now.
        var listenerClosed = false
    }

    /// Listens on `127.0.0.1` on `port`, or a free port when 0 (a test that stopped a server can
    /// take its place, to see whether anything still connects there).
    public init(_ behaviour: Behaviour, port wanted: Int = 0) throws {
        self.behaviour = behaviour
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(wanted).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        socket = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in acceptLoop() }.start()
    }

    deinit { stop() }

    /// How many connections sent their first bytes.
    public var requests: Int { state.withLock { $0.requests } }
    /// Connections accepted so far (a client that connects and sends nothing counts too).
    public var connections: Int { state.withLock { $0.connections } }

    /// What each answered connection sent before its answer, in the order they were answered.
    public var received: [Data] { state.withLock { $0.received } }

    /// Waits (without blocking a thread) until `count` connections have sent their first bytes;
    /// false after `timeout`.
    public func waitForRequests(_ count: Int = 1, timeout: Duration) async -> Bool {
        await wait(timeout: timeout) { $0.requests >= count }
    }

    /// Waits until this listener has closed `count` connections (its FIN sent); false after `timeout`.
    public func waitForClosed(_ count: Int = 1, timeout: Duration) async -> Bool {
        await wait(timeout: timeout) { $0.closed >= count }
    }

    private func wait(timeout: Duration, until done: (State) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !state.withLock({ done($0) }) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// Shuts the listening socket and every connection still held: the accept thread and each
    /// connection's thread then close their own descriptor. Only the owning thread closes one, so
    /// no thread is ever left using a descriptor number the process has already given to another
    /// socket: an accept loop that closed its socket here, then called `accept` once more, could
    /// take a connection from another test's listener that got the same number, and close it.
    public func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            // Under the lock: a descriptor still listed or not yet closed by its owner is its own.
            for connection in state.open { shutdown(connection, Int32(SHUT_RDWR)) }
            // A shut listening socket fails every `accept`, now and later; the accept loop closes it.
            if !state.listenerClosed { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        defer {
            state.withLock { state in
                state.listenerClosed = true
                close(socket)
            }
        }
        while true {
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let kept = state.withLock { state in
                state.connections += 1
                if !state.stopped { state.open.append(connection) }
                return !state.stopped
            }
            guard kept else {
                close(connection)
                return
            }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { finish(connection) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(connection, &buffer, buffer.count, 0)
        guard count > 0 else { return }
        state.withLock { $0.requests += 1 }
        switch behaviour {
        case .hold:
            drainUntilHangUp(connection, &buffer)
        case .close:
            return
        case let .reply(bytes), let .replyAndClose(bytes):
            // As a real server does: the whole request head first (it may come in two segments on
            // a loaded machine), and the body its Content-Length announces; a TLS hello never ends
            // a head, so a short wait then answers anyway.
            var received = Array(buffer[0..<count])
            var wait = timeval(tv_sec: 0, tv_usec: 300_000)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            while !received.holdsWholeRequest {
                let more = recv(connection, &buffer, buffer.count, 0)
                guard more > 0 else { break }
                received += buffer[0..<more]
            }
            state.withLock { $0.received.append(Data(received)) }
            // MSG_NOSIGNAL: a client that already left must not SIGPIPE the test process.
            _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if case .replyAndClose = behaviour { return }
            // No FIN of ours after the answer: one arriving with it, before the client saw its own
            // request written, read as a lost connection under load (`remoteConnectionClosed`).
            // The client hangs up (or `stop()` shuts the connection); what it sends is read, so the
            // final close resets nothing.
            wait = timeval(tv_sec: 0, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            drainUntilHangUp(connection, &buffer)
        }
    }

    /// Reads until the client hangs up or `stop()` shuts the connection.
    private func drainUntilHangUp(_ connection: Int32, _ buffer: inout [UInt8]) {
        while recv(connection, &buffer, buffer.count, 0) > 0 {}
    }

    /// Unlists the connection, then closes it: only the thread serving it does.
    private func finish(_ connection: Int32) {
        state.withLock { state in
            state.open.removeAll { $0 == connection }
            close(connection)
            state.closed += 1
        }
    }
}

private extension Array where Element == UInt8 {
    /// The blank line that ends an HTTP head has come, and the body its Content-Length announces.
    var holdsWholeRequest: Bool {
        guard let end = indices.dropLast(3).first(where: {
            self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10
        }) else { return false }
        let head = String(decoding: self[..<end], as: UTF8.self).lowercased()
        let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return count - (end + 4) >= length
    }
}
