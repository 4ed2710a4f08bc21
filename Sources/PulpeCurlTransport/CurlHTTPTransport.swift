import Foundation
import PulpeNetworking
import Synchronization

/// The production transport: libcurl (decision 86), the field's own HTTP stack, in place of the
/// hand-written HTTP/1.1 client over sockets and libssl (decision 73, retired).
///
/// What it gives that the sockets did not: proxies as curl reads them (`TransportSettings`: the
/// config file's `proxy`, `HTTPS_PROXY`, `NO_PROXY`…), a CA bundle from `SSL_CERT_FILE` or
/// `ca_file`, HTTP/2 when the server offers it (ALPN), HTTP/1.1 otherwise, happy eyeballs.
/// What it keeps: the failure kinds (`TransportFailure+Curl`), no CPU while an answer is awaited
/// (one thread asleep in `curl_multi_poll`), a cancelled task answered at once, a month's rows
/// decoded as its body arrives, limits on bodies, no retries inside (the client's `RetryPolicy`
/// decides), no cookies, no cache, no redirects. libcurl is opened at the first request, on the
/// driver's thread: a start that asks nothing loads nothing.
public final class CurlHTTPTransport: HTTPTransport {
    /// Answers are small JSON; anything past this is not the Pulpe API (or a broken proxy).
    public static let defaultMaxBodyBytes = 64 << 20

    private let limits: CurlTransfer.Limits
    private let settings: TransportSettings
    private let driver: CurlDriver

    /// - Parameters:
    ///   - settings: the proxy and certificates (`TransportSettings.resolve`); direct by default.
    ///   - idleTimeout: how long a request may wait for its next byte (10 s by default).
    ///   - maxBodyBytes: the largest response body accepted.
    public init(settings: TransportSettings = .direct, idleTimeout: Duration = .seconds(10),
                maxBodyBytes: Int = CurlHTTPTransport.defaultMaxBodyBytes) {
        self.settings = settings
        limits = CurlTransfer.Limits(idleTimeout: idleTimeout, maxBodyBytes: maxBodyBytes, deadline: .seconds(300))
        driver = CurlDriver(caFile: settings.caFile, caDirectory: settings.caDirectory)
    }

    /// Closes the kept connections; every later request fails.
    public func shutdown() async {
        driver.shutDown()
    }

    deinit { driver.shutDown() }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        // A request from an already-cancelled task sends nothing.
        if Task.isCancelled { throw TransportFailure.curl(.cancelled, "task cancelled before sending") }
        guard !driver.isShutDown else { throw TransportFailure(.other, code: -1, message: "the transport was shut down") }
        let proxy = settings.proxy(for: request.url)
        let holder = TransferHolder()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let transfer = CurlTransfer(request, limits: limits, proxy: proxy, continuation: continuation)
                holder.set(transfer)
                if !driver.submit(transfer) {
                    transfer.answer(.failure(TransportFailure(.other, code: -1, message: "the transport was shut down")))
                }
            }
        } onCancel: {
            // Answered now, from here; the driver takes the handle off the wire at its next turn.
            guard let transfer = holder.take() else { return }
            transfer.answer(.failure(.curl(.cancelled, "task cancelled")))
            driver.cancel(transfer)
        }
    }
}

/// The transfer a cancellation must reach: set when the continuation exists, which may be after
/// the cancellation handler ran (then it cancels at once).
private final class TransferHolder: Sendable {
    private struct State {
        var transfer: CurlTransfer?
        var cancelled = false
    }

    private let state = Mutex(State())

    func set(_ transfer: CurlTransfer) {
        let cancelledFirst = state.withLock { state -> Bool in
            state.transfer = transfer
            return state.cancelled
        }
        if cancelledFirst { transfer.answer(.failure(.curl(.cancelled, "task cancelled"))) }
    }

    func take() -> CurlTransfer? {
        state.withLock { state in
            state.cancelled = true
            return state.transfer
        }
    }
}
