import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PulpeDomain
import PulpeNetworking
import Synchronization

/// The production transport: AsyncHTTPClient on SwiftNIO's process-wide event loop group.
///
/// Why not URLSession: on Linux it runs on libcurl, which spins ~95 % of a core for as long as a
/// response is pending (one GET held 3 s cost 2.3 s of CPU; here it costs ~0.01 s; decision 16).
/// Why these settings:
/// - the singleton `MultiThreadedEventLoopGroup`: one set of threads per process, nothing to shut
///   down at exit, started with the client at the first request;
/// - the read timeout is the idle timeout (no byte for that long fails the request) and the
///   connect timeout the same; the client bounds each whole operation itself (`Deadline`);
/// - no connection retries inside the pool: a refused connection fails at once, and the client's
///   own `RetryPolicy` decides what to retry;
/// - no cookie store and no cache exist in AsyncHTTPClient: an answer is never another account's.
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// Answers are small JSON; anything past this is not the Pulpe API (or a broken proxy).
    public static let defaultMaxBodyBytes = 64 << 20

    /// Made at the first request: the client takes SwiftNIO's event loop group, whose threads start
    /// with it, and a command that asks the server nothing (`pulpe pending`, `pulpe lock`, `pulpe
    /// status` with a fresh cache) should start none (issue 26).
    private let made: Mutex<Client> = Mutex(.notYet)

    private enum Client {
        case notYet
        case made(HTTPClient)
        /// `shutdown()` came first: every request fails, as on a client shut down.
        case shutDown
    }
    private let configuration: HTTPClient.Configuration
    private let maxBodyBytes: Int
    /// A backstop for a request whose head never comes although bytes keep trickling in.
    private let requestDeadline: TimeAmount = .minutes(5)

    /// - Parameters:
    ///   - idleTimeout: how long a request may wait for its next byte (10 s by default).
    ///   - maxBodyBytes: the largest response body accepted.
    public convenience init(idleTimeout: Duration = .seconds(10),
                            maxBodyBytes: Int = AsyncHTTPClientTransport.defaultMaxBodyBytes) {
        self.init(configuration: Self.configuration(idleTimeout: idleTimeout), maxBodyBytes: maxBodyBytes)
    }

    /// Any client configuration (tests trust their own certificate this way).
    init(configuration: HTTPClient.Configuration, maxBodyBytes: Int) {
        self.configuration = configuration
        self.maxBodyBytes = maxBodyBytes
    }

    /// Nil once shut down.
    private var client: HTTPClient? {
        made.withLock { state in
            switch state {
            case let .made(client): return client
            case .shutDown: return nil
            case .notYet:
                let new = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
                state = .made(new)
                return new
            }
        }
    }

    /// The settings above; TLS is AsyncHTTPClient's default (system trust roots, full verification).
    static func configuration(idleTimeout: Duration) -> HTTPClient.Configuration {
        let idle = TimeAmount.nanoseconds(Int64(idleTimeout.timeInterval * 1_000_000_000))
        var configuration = HTTPClient.Configuration()
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: idle, read: idle, write: idle)
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.decompression = .disabled
        return configuration
    }

    /// Closes the pooled connections; the shared event loop group stays up. Without this call the
    /// transport does the same when it is released (and nothing is needed at process exit).
    public func shutdown() async {
        let client = made.withLock { state -> HTTPClient? in
            defer { if case .notYet = state { state = .shutDown } }
            if case let .made(client) = state { return client }
            return nil
        }
        try? await client?.shutdown()
    }

    deinit {
        // Non-blocking: the client keeps itself alive until its pool has closed.
        if case let .made(client) = made.withLock({ $0 }) { client.shutdown { _ in } }
    }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        // A request started from an already-cancelled task could still reach the server: the
        // client's cancellation handler races with the pool. Stop before anything is queued.
        if Task.isCancelled { throw TransportFailure(.cancelled, code: -999, message: "task cancelled before sending") }
        do {
            guard let client else {
                throw TransportFailure(.other, code: -1, message: "the transport was shut down")
            }
            let response = try await client.execute(Self.clientRequest(request), timeout: requestDeadline)
            if let held = request.streamsMonth, (200..<300).contains(response.status.code) {
                return try await Self.month(of: response, reusing: held, upTo: maxBodyBytes)
            }
            let body = try await Self.body(of: response, upTo: maxBodyBytes)
            return HTTPResponseData(status: Int(response.status.code), headers: Self.headers(response.headers), body: body)
        } catch {
            if Task.isCancelled { throw TransportFailure(.cancelled, code: -999, message: "task cancelled") }
            throw TransportFailure.classify(error)
        }
    }

    /// The body, appended chunk by chunk into one `Data` sized by `Content-Length` when it is given.
    ///
    /// Why not `collect(upTo:)`: it gathers a `ByteBuffer` (grown by doubling), which the
    /// `HTTPResponseData` then copies: a 36 MB month held two or three times over at once, most of
    /// the peak memory of a 100 000-row refresh (issue 26). Here each chunk is dropped once copied.
    static func body(of response: HTTPClientResponse, upTo maxBytes: Int) async throws -> Data {
        var body = Data()
        try await chunks(of: response, upTo: maxBytes, announced: { body.reserveCapacity($0) }) { chunk in
            body.append(contentsOf: chunk.readableBytesView)
        }
        return body
    }

    /// A month's details read as the body arrives (`MonthBodyStream`): each transaction decoded
    /// once its object is complete and its bytes dropped, the rest kept as the body.
    static func month(of response: HTTPClientResponse, reusing held: [Transaction], upTo maxBytes: Int) async throws
        -> HTTPResponseData {
        var stream = MonthBodyStream(reusing: held)
        try await chunks(of: response, upTo: maxBytes) { chunk in chunk.withUnsafeReadableBytes { stream.feed($0) } }
        var answer = HTTPResponseData(status: Int(response.status.code), headers: Self.headers(response.headers))
        answer.take(stream.finish())
        return answer
    }

    /// Each chunk of the body, in order, refused once past `maxBytes` — at once when
    /// `Content-Length` says so (a 304 announces a length it does not send; this client sends no
    /// `HEAD`). `announced` hears that length first.
    private static func chunks(of response: HTTPClientResponse, upTo maxBytes: Int, announced: (Int) -> Void = { _ in },
                               _ consume: (ByteBuffer) -> Void) async throws {
        if response.status != .notModified, let length = response.headers.first(name: "content-length").flatMap({ Int($0) }) {
            guard length <= maxBytes else { throw NIOTooManyBytesError(maxBytes: maxBytes) }
            announced(length)
        }
        var received = 0
        for try await chunk in response.body {
            guard chunk.readableBytes <= maxBytes - received else { throw NIOTooManyBytesError(maxBytes: maxBytes) }
            received += chunk.readableBytes
            consume(chunk)
        }
    }

    static func clientRequest(_ request: HTTPRequestData) -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers {
            outgoing.headers.add(name: field.name, value: field.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        return outgoing
    }

    /// Repeated fields are joined with ", " (RFC 9110 §5.3), as URLSession reported them.
    static func headers(_ fields: NIOHTTP1.HTTPHeaders) -> PulpeNetworking.HTTPHeaders {
        var headers = PulpeNetworking.HTTPHeaders()
        for (name, value) in fields {
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return headers
    }
}
