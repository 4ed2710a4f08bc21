import COpenSSLTLS
import Foundation
import PulpeNetworking
import Synchronization

/// The production transport: HTTP/1.1 on POSIX sockets, TLS from the system's libssl opened on
/// first use (decision 73).
///
/// Why not AsyncHTTPClient any more (decision 16 chose it over URLSession, whose libcurl spun a
/// core while an answer was pending): for a client that sends one small JSON request at a time it
/// brought SwiftNIO, NIOSSL's BoringSSL (406 C files), HTTP/2 and their configuration layers into
/// every build and into `pulpe-app`'s pages at start. Here a request costs a thread that sleeps in
/// `poll` (no CPU while the server thinks), and nothing is linked that the app does not run.
/// Why these settings:
/// - the idle timeout bounds every wait on the socket (connect, handshake, each read and write);
///   the name lookup is the resolver's own (`getaddrinfo` has its timeouts and cannot be woken: a
///   cancelled caller is answered at once, the thread ends when the lookup does); the client
///   bounds each whole operation itself (`Deadline`), a five-minute backstop here;
/// - no retries inside the transport: a refused connection fails at once, and the client's own
///   `RetryPolicy` decides what to retry;
/// - no cookie store and no cache: an answer is never another account's;
/// - certificates verified against the system's trust store, names checked (SNI for DNS names).
public final class SocketHTTPTransport: HTTPTransport {
    /// Answers are small JSON; anything past this is not the Pulpe API (or a broken proxy).
    public static let defaultMaxBodyBytes = 64 << 20

    private let settings: Exchange.Settings
    private let pool = ConnectionPool()
    private let trust: TrustStore

    /// - Parameters:
    ///   - idleTimeout: how long a request may wait for its next byte (10 s by default).
    ///   - maxBodyBytes: the largest response body accepted.
    public convenience init(idleTimeout: Duration = .seconds(10), maxBodyBytes: Int = SocketHTTPTransport.defaultMaxBodyBytes) {
        self.init(idleTimeout: idleTimeout, maxBodyBytes: maxBodyBytes, trustedCertificates: nil)
    }

    /// `trustedCertificates`: a PEM file to trust instead of the system's store (tests trust their
    /// own server this way).
    init(idleTimeout: Duration = .seconds(10), maxBodyBytes: Int = SocketHTTPTransport.defaultMaxBodyBytes,
         trustedCertificates: String?) {
        settings = Exchange.Settings(idleTimeout: idleTimeout, maxBodyBytes: maxBodyBytes, deadline: .seconds(300))
        trust = TrustStore(file: trustedCertificates)
    }

    /// Closes the kept connections; every later request fails.
    public func shutdown() async {
        pool.shutDown()
    }

    deinit { pool.shutDown() }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        // A request from an already-cancelled task sends nothing.
        if Task.isCancelled { throw TransportFailure(.cancelled, code: -999, message: "task cancelled before sending") }
        guard !pool.isShutDown else { throw TransportFailure(.other, code: -1, message: "the transport was shut down") }
        let exchange = try Exchange(request, settings: settings, pool: pool, tlsContext: { [trust] in trust.context() })
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { exchange.start($0) }
        } onCancel: {
            exchange.cancel()
        }
    }
}

/// The client's TLS context (`SSL_CTX`), made at the first https request and shared by every
/// connection (OpenSSL makes sessions from one context on any thread).
final class TrustStore: Sendable {
    private let file: String?
    private let made: Mutex<UnsafeMutableRawPointer??> = Mutex(nil)

    init(file: String?) { self.file = file }

    /// Nil when libssl cannot be opened or the trust store read (asked again at the next request:
    /// a store being updated is not a failure for the rest of the run).
    func context() -> UnsafeMutableRawPointer? {
        made.withLock { made in
            if case let .some(.some(context)) = made { return context }
            let context = cossl_tls_client_context(file)
            if context != nil { made = .some(context) }
            return context
        }
    }

    deinit {
        if case let .some(.some(context)) = made.withLock({ $0 }) { cossl_tls_context_free(context) }
    }
}
