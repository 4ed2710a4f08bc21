import Foundation
import PulpeDomain
import PulpeNetworking
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One request and its answer, on a thread of its own with blocking-style I/O over non-blocking
/// sockets (`poll`), so a slow server or a 36 MB month never holds a thread of Swift's cooperative
/// pool. Cancelling the task writes to a pipe that every wait also watches: the exchange ends at
/// once, wherever it is, and its connection is closed rather than pooled.
final class Exchange: Sendable {
    struct Settings: Sendable {
        var idleTimeout: Duration
        var maxBodyBytes: Int
        /// A backstop for an answer that keeps trickling in.
        var deadline: Duration
    }

    private struct State {
        var continuation: CheckedContinuation<HTTPResponseData, any Error>?
        var cancelled = false
        /// The wake pipe's write end, -1 once the exchange closed it.
        var wakeWrite: CInt
    }

    private let request: HTTPRequestData
    private let settings: Settings
    private let pool: ConnectionPool
    private let tlsContext: @Sendable () throws -> UnsafeMutableRawPointer?
    private let wakeRead: CInt
    private let state: Mutex<State>

    init(_ request: HTTPRequestData, settings: Settings, pool: ConnectionPool,
         tlsContext: @escaping @Sendable () throws -> UnsafeMutableRawPointer?) throws {
        var ends: [CInt] = [-1, -1]
        guard pipe(&ends) == 0 else { throw TransportFailure.errno(errno, connecting: true, "pipe") }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        self.request = request
        self.settings = settings
        self.pool = pool
        self.tlsContext = tlsContext
        wakeRead = ends[0]
        state = Mutex(State(wakeWrite: ends[1]))
    }

    /// Starts the exchange on its thread; `continuation` hears its outcome exactly once.
    func start(_ continuation: CheckedContinuation<HTTPResponseData, any Error>) {
        let alreadyCancelled = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.continuation = continuation
            return false
        }
        if alreadyCancelled {
            closePipe()
            continuation.resume(throwing: TransportFailure.socket(.cancelled, "task cancelled"))
            return
        }
        let started = ExchangeThread.start { [self] in finish(Result { try perform() }) }
        if !started { finish(.failure(TransportFailure(.other, message: "no thread could be started for the request"))) }
    }

    /// Hands `outcome` to the caller unless a cancellation already answered it.
    private func finish(_ outcome: Result<HTTPResponseData, any Error>) {
        closePipe()
        let waiting = state.withLock { state -> CheckedContinuation<HTTPResponseData, any Error>? in
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(with: outcome)
    }

    /// Ends the exchange now: its caller hears `.cancelled` at once, and its thread wakes from any
    /// wait and closes its connection.
    func cancel() {
        let waiting = state.withLock { state -> CheckedContinuation<HTTPResponseData, any Error>? in
            state.cancelled = true
            if state.wakeWrite >= 0 {
                var byte: UInt8 = 1
                _ = write(state.wakeWrite, &byte, 1)
            }
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(throwing: TransportFailure.socket(.cancelled, "task cancelled"))
    }

    private var isCancelled: Bool { state.withLock { $0.cancelled } }

    private func closePipe() {
        state.withLock { state in
            guard state.wakeWrite >= 0 else { return }
            _ = close(state.wakeWrite)
            _ = close(wakeRead)
            state.wakeWrite = -1
        }
    }

    // MARK: - The exchange

    private func perform() throws -> HTTPResponseData {
        let endpoint = try Endpoint(url: request.url)
        let head = try Self.head(of: request, endpoint: endpoint)
        let waiting = Waiting(wakeFD: wakeRead, idle: settings.idleTimeout, deadline: .now + settings.deadline)
        let connection = try pool.take(endpoint) ?? Connection.open(endpoint, context: tlsContext, waiting: waiting)
        do {
            // Cancellation is seen in every wait; a pooled connection may need none before this
            // write, so look once more: a cancelled caller has already heard `.cancelled`.
            if isCancelled { throw TransportFailure.socket(.cancelled, "task cancelled") }
            // Head and body in one write: one segment for a small request, one syscall.
            var bytes = head
            if let body = request.body { bytes.append(contentsOf: body) }
            try bytes.withUnsafeBytes { try connection.write($0, waiting: waiting) }
            let (answer, reusable) = try read(from: connection, waiting: waiting)
            if reusable, !isCancelled { pool.put(connection) } else { connection.close() }
            return answer
        } catch {
            connection.close()
            throw error
        }
    }

    /// The request line and fields, with `Host` and, for a body (or a method that carries one),
    /// `Content-Length`.
    static func head(of request: HTTPRequestData, endpoint: Endpoint) throws -> [UInt8] {
        var text = "\(request.method.rawValue) \(Endpoint.target(of: request.url)) HTTP/1.1\r\n"
        let given = Set(request.headers.names.map { $0.lowercased() })
        if !given.contains("host") { text += "Host: \(endpoint.hostField)\r\n" }
        for field in request.headers {
            guard !field.name.isEmpty, !(field.name + field.value).contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw TransportFailure(.other, message: "a header field with a line break: \(field.name)")
            }
            text += "\(field.name): \(field.value)\r\n"
        }
        let carriesBody = request.body != nil || [.post, .put, .patch].contains(request.method)
        if carriesBody, !given.contains("content-length") { text += "Content-Length: \(request.body?.count ?? 0)\r\n" }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// The answer, and whether the connection may carry another request.
    private func read(from connection: Connection, waiting: Waiting) throws -> (HTTPResponseData, Bool) {
        let maxBytes = settings.maxBodyBytes
        var decoder = HTTP1ResponseDecoder()
        var answer: HTTPResponseData?
        var body = Data()
        var month: MonthBodyStream?
        var received = 0
        var ended = false
        var keeps = false
        let sink: (HTTP1ResponseDecoder.Event) throws -> Void = { event in
            switch event {
            case let .head(head):
                // A 304 announces a length it does not send (this client sends no HEAD).
                if let length = head.contentLength, head.status != 304 {
                    guard length <= maxBytes else { throw TransportFailure.bodyTooLarge(maxBytes) }
                    body.reserveCapacity(length)
                }
                if let held = self.request.streamsMonth, (200..<300).contains(head.status) {
                    month = MonthBodyStream(reusing: held)
                }
                answer = HTTPResponseData(status: head.status, headers: head.headers)
                keeps = head.keepsConnection
            case let .body(bytes):
                guard bytes.count <= maxBytes - received else { throw TransportFailure.bodyTooLarge(maxBytes) }
                received += bytes.count
                if month != nil { month?.feed(bytes) } else { body.append(contentsOf: bytes) }
            case .end:
                ended = true
            }
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        var leftover = 0
        do {
            while !ended {
                let count = try connection.read(into: buffer, waiting: waiting)
                if count == 0 {
                    try decoder.finish(sink)
                    break
                }
                leftover = try decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count]), sink)
            }
        } catch let malformed as HTTP1ResponseDecoder.Malformed {
            // Not HTTP, or cut short: libcurl called it a bad server reply, URLSession -1011.
            throw TransportFailure.socket(.connectionLost, malformed.description)
        }
        guard var whole = answer else { throw TransportFailure.socket(.connectionLost, "no answer") }
        if var month { whole.take(month.finish()) } else { whole.body = body }
        return (whole, keeps && leftover == 0)
    }
}

/// Detached POSIX threads for exchanges, with SIGPIPE blocked: a TLS write to a closed socket
/// (OpenSSL writes with `write`, not `send(MSG_NOSIGNAL)`) then fails with EPIPE instead of killing
/// the app; a pending SIGPIPE dies with the thread.
enum ExchangeThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// False when no thread could be made (the caller answers with a failure: running the
    /// exchange on its own thread would block Swift's pool, with SIGPIPE not blocked).
    static func start(_ run: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // A month's rows are decoded here: room for JSONDecoder's recursion, untouched pages free.
        pthread_attr_setstacksize(&attributes, 2 << 20)
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { raw in
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, body)
        if created != 0 { Unmanaged<Body>.fromOpaque(body).release() }
        return created == 0
    }
}
