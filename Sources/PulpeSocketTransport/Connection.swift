import COpenSSLTLS
import PulpeNetworking

#if canImport(Glibc)
import Glibc
private let closeDescriptor = Glibc.close
private let connectSocket = Glibc.connect
#elseif canImport(Darwin)
import Darwin
private let closeDescriptor = Darwin.close
private let connectSocket = Darwin.connect
#endif

/// How long each step of an exchange may wait, and what ends the wait early.
struct Waiting: Sendable {
    /// Readable once the exchange is cancelled.
    let wakeFD: CInt
    /// No progress for this long fails the step: the idle timeout.
    let idle: Duration
    /// The whole exchange's backstop.
    let deadline: ContinuousClock.Instant

    /// The same waits, none longer than `limit`.
    func atMost(_ limit: Duration) -> Waiting {
        Waiting(wakeFD: wakeFD, idle: min(idle, limit), deadline: deadline)
    }

    /// Returns once `fd` is ready for `events` (or in error: the next call says which); throws
    /// `.cancelled` when woken, `.timedOut` when the idle timeout or the deadline passes first.
    func until(_ fd: CInt, _ events: Int16, connecting: Bool = false) throws {
        while true {
            let left = deadline - ContinuousClock.now
            let budget = min(idle, left)
            guard budget > .zero else { throw TransportFailure.socket(.timedOut, "the request's deadline passed") }
            let (seconds, attoseconds) = budget.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var fds = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw TransportFailure.errno(errno, connecting: connecting, "poll")
            }
            if fds[1].revents != 0 { throw TransportFailure.socket(.cancelled, "task cancelled") }
            if ready == 0 {
                if budget < idle { throw TransportFailure.socket(.timedOut, "the request's deadline passed") }
                let what = connecting ? "no connection" : "no byte"
                throw TransportFailure.socket(.timedOut, "\(what) within the idle timeout of \(idle)")
            }
            return
        }
    }
}

/// One TCP connection, maybe under TLS, on a non-blocking socket: what the pool keeps between
/// requests. Used by one exchange at a time (the pool hands it over), hence unchecked.
final class Connection: @unchecked Sendable {
    let endpoint: Endpoint
    private let fd: CInt
    /// The TLS session (`SSL *`), nil over plain HTTP.
    private var tls: UnsafeMutableRawPointer?
    /// When it went back to the pool.
    var idleSince = ContinuousClock.now
    private var closed = false

    private init(endpoint: Endpoint, fd: CInt) {
        self.endpoint = endpoint
        self.fd = fd
    }

    deinit { close() }

    func close() {
        guard !closed else { return }
        closed = true
        // No close_notify: HTTP's own framing says where an answer ends, and libssl would send it
        // with write(), which raises SIGPIPE on a connection the peer reset — here possibly on a
        // thread that does not block it (the pool closes idle connections from any thread).
        if let tls { cossl_tls_free(tls) }
        tls = nil
        _ = closeDescriptor(fd)
    }

    /// Whether the pool may hand it out again: open, and nothing arrived while idle (a FIN, a
    /// close_notify or stray bytes all mean it cannot carry a new request).
    var isReusable: Bool {
        var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&probe, 1, 0) == 0
    }

    // MARK: - Opening

    /// Resolves the host, connects to its first address that answers, then shakes hands over TLS
    /// when the endpoint is https (`context` is the client's `SSL_CTX`).
    static func open(_ endpoint: Endpoint, context: () throws -> UnsafeMutableRawPointer?, waiting: Waiting) throws
        -> Connection {
        let connection = try connect(endpoint, waiting: waiting)
        if endpoint.secure {
            try connection.startTLS(context: context(), waiting: waiting)
        }
        return connection
    }

    private static func connect(_ endpoint: Endpoint, waiting: Waiting) throws -> Connection {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &found)
        guard status == 0, let first = found else { throw TransportFailure.lookup(status, host: endpoint.host) }
        defer { freeaddrinfo(first) }
        // Every address is tried in the resolver's order; the first failure says why none answered.
        // An address that does not answer at all (IPv6 dropped on the way) gets a short wait when
        // another is left to try, so a dead first address costs 2 s, not the whole idle timeout.
        var failure: TransportFailure?
        var address: UnsafeMutablePointer<addrinfo>? = first
        while let current = address {
            address = current.pointee.ai_next
            let patience = address == nil ? waiting : waiting.atMost(.seconds(2))
            do {
                return try connect(endpoint, to: current.pointee, waiting: patience)
            } catch let error as TransportFailure {
                if error.kind == .cancelled { throw error }
                failure = failure ?? error
            }
        }
        throw failure ?? TransportFailure.socket(.cannotConnect, "\(endpoint.host): no address to connect to")
    }

    private static func connect(_ endpoint: Endpoint, to address: addrinfo, waiting: Waiting) throws -> Connection {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = socket(address.ai_family, type, 0)
        guard fd >= 0 else { throw TransportFailure.errno(errno, connecting: true, "socket") }
        let connection = Connection(endpoint: endpoint, fd: fd)
        var one: CInt = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<CInt>.size))
        if connectSocket(fd, address.ai_addr, address.ai_addrlen) != 0 {
            guard errno == EINPROGRESS || errno == EINTR else {
                throw TransportFailure.errno(errno, connecting: true, "connect to \(endpoint.hostField)")
            }
            try waiting.until(fd, Int16(POLLOUT), connecting: true)
            var error: CInt = 0
            var length = socklen_t(MemoryLayout<CInt>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error != 0 { throw TransportFailure.errno(error, connecting: true, "connect to \(endpoint.hostField)") }
        }
        return connection
    }

    private func startTLS(context: UnsafeMutableRawPointer?, waiting: Waiting) throws {
        guard let context else {
            throw TransportFailure.socket(.secureConnectionFailed, "TLS unavailable: libssl.so.3 could not be opened, or its trust store read")
        }
        guard let session = cossl_tls_new(context, fd, endpoint.host, endpoint.isIPAddress ? 1 : 0) else {
            throw TransportFailure.socket(.secureConnectionFailed, "TLS session for \(endpoint.host) could not be made")
        }
        tls = session
        while true {
            let outcome = cossl_tls_handshake(session, 0)
            switch outcome {
            case Int32(COSSL_TLS_DONE):
                return
            case Int32(COSSL_TLS_WANT_READ):
                try waiting.until(fd, Int16(POLLIN))
            case Int32(COSSL_TLS_WANT_WRITE):
                try waiting.until(fd, Int16(POLLOUT))
            case Int32(COSSL_TLS_SYSCALL) where errno != 0:
                throw TransportFailure.errno(errno, connecting: false, "TLS handshake")
            case Int32(COSSL_TLS_SYSCALL), Int32(COSSL_TLS_CLOSED):
                throw TransportFailure.socket(.connectionLost, "the server closed the connection during the TLS handshake")
            default:
                throw TransportFailure.socket(.secureConnectionFailed, "TLS handshake failed: \(failureText())")
            }
        }
    }

    private func failureText() -> String {
        var text = [CChar](repeating: 0, count: 256)
        cossl_tls_failure(tls, &text, text.count)
        let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return message.isEmpty ? "unknown error" : message
    }

    // MARK: - Moving bytes

    /// Sends every byte of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer, waiting: Waiting) throws {
        var sent = 0
        while sent < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[sent...])
            if let tls {
                var count: Int32 = 0
                switch cossl_tls_write(tls, rest.baseAddress, Int32(clamping: rest.count), &count) {
                case Int32(COSSL_TLS_DONE): sent += Int(count)
                case Int32(COSSL_TLS_WANT_READ): try waiting.until(fd, Int16(POLLIN))
                case Int32(COSSL_TLS_WANT_WRITE): try waiting.until(fd, Int16(POLLOUT))
                case Int32(COSSL_TLS_SYSCALL) where errno != 0: throw TransportFailure.errno(errno, connecting: false, "send")
                default: throw TransportFailure.socket(.connectionLost, "TLS send failed: \(failureText())")
                }
            } else {
                let count = send(fd, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
                if count >= 0 {
                    sent += count
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    try waiting.until(fd, Int16(POLLOUT))
                } else if errno != EINTR {
                    throw TransportFailure.errno(errno, connecting: false, "send")
                }
            }
        }
    }

    /// Reads what has arrived into `buffer`, waiting for at least one byte: the count, 0 at the end
    /// of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer, waiting: Waiting) throws -> Int {
        while true {
            if let tls {
                var count: Int32 = 0
                switch cossl_tls_read(tls, buffer.baseAddress, Int32(clamping: buffer.count), &count) {
                case Int32(COSSL_TLS_DONE): return Int(count)
                case Int32(COSSL_TLS_CLOSED): return 0
                case Int32(COSSL_TLS_WANT_READ): try waiting.until(fd, Int16(POLLIN))
                case Int32(COSSL_TLS_WANT_WRITE): try waiting.until(fd, Int16(POLLOUT))
                case Int32(COSSL_TLS_SYSCALL) where errno != 0: throw TransportFailure.errno(errno, connecting: false, "receive")
                case Int32(COSSL_TLS_SYSCALL): return 0
                default: throw TransportFailure.socket(.connectionLost, "TLS receive failed: \(failureText())")
                }
            } else {
                let count = recv(fd, buffer.baseAddress, buffer.count, 0)
                if count >= 0 { return count }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    try waiting.until(fd, Int16(POLLIN))
                } else if errno != EINTR {
                    throw TransportFailure.errno(errno, connecting: false, "receive")
                }
            }
        }
    }
}
