import CCurl
import Foundation
import PulpeDomain
import PulpeNetworking
import Synchronization

/// One request on libcurl's easy handle, driven by `CurlDriver`'s thread: its options, the
/// callbacks that collect the answer (headers, body — a month's rows decoded as they arrive —,
/// progress for the idle timeout), and the caller's continuation, resumed exactly once (by the
/// answer, a failure, or a cancellation that answers at once from the caller's thread).
final class CurlTransfer: @unchecked Sendable {
    struct Limits: Sendable {
        var idleTimeout: Duration
        var maxBodyBytes: Int
        /// A backstop for an answer that keeps trickling in.
        var deadline: Duration
    }

    let request: HTTPRequestData
    let limits: Limits
    /// The proxy this request goes through (nil: direct).
    let proxy: TransportSettings.Proxy?
    private let continuation: Mutex<CheckedContinuation<HTTPResponseData, any Error>?>

    // Touched only on the driver's thread (in its loop and in libcurl's callbacks, which it runs).
    var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var status = 0
    private var headers = HTTPHeaders()
    private var body = Data()
    private var month: MonthBodyStream?
    private var received = 0
    private var tooLarge = false
    private var sentSoFar: curl_off_t = 0
    /// When a byte last moved (or the transfer began): the idle timeout counts from here.
    private(set) var lastActivity = ContinuousClock.now

    init(_ request: HTTPRequestData, limits: Limits, proxy: TransportSettings.Proxy?,
         continuation: CheckedContinuation<HTTPResponseData, any Error>) {
        self.request = request
        self.limits = limits
        self.proxy = proxy
        self.continuation = Mutex(continuation)
    }

    /// Hands `outcome` to the caller, unless it was already answered (a cancellation).
    func answer(_ outcome: Result<HTTPResponseData, TransportFailure>) {
        let waiting = continuation.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }
        waiting?.resume(with: outcome.mapError { $0 as any Error })
    }

    var isAnswered: Bool { continuation.withLock { $0 == nil } }

    // MARK: - Options

    /// Makes the easy handle; throws (before anything is sent) what cannot be asked.
    func prepare(_ api: UnsafePointer<pulpe_curl_api>, caFile: String?, caDirectory: String?) throws(TransportFailure) {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw TransportFailure(.other, message: "unsupported URL scheme: \(request.url.scheme ?? "none")")
        }
        guard let handle = api.pointee.easy_init() else { throw TransportFailure(.other, message: "curl_easy_init failed") }
        easy = handle
        let me = Unmanaged.passUnretained(self).toOpaque()
        func long(_ option: CURLoption, _ value: Int) { _ = pulpe_curl_set_long(api, handle, option, value) }
        func string(_ option: CURLoption, _ value: String) { _ = pulpe_curl_set_string(api, handle, option, value) }
        string(CURLOPT_URL, request.url.absoluteString)
        _ = pulpe_curl_set_pointer(api, handle, CURLOPT_PRIVATE, me)
        // Threads, not signals, for name lookups and timeouts: this process has other threads.
        long(CURLOPT_NOSIGNAL, 1)
        string(CURLOPT_PROTOCOLS_STR, "http,https")
        // No redirects (the API answers where it is asked), no cookies, no cache: what the socket
        // transport did.
        long(CURLOPT_FOLLOWLOCATION, 0)
        long(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        // Every encoding this libcurl decodes is offered (`Accept-Encoding: gzip, deflate, …`) and
        // decoded here: the real backend compresses every answer (`compression()` in its main.ts),
        // the 10-year export 27.5 MB → ~3.8 MB on the wire (issue 61). `Content-Length` is then the
        // compressed size: a capacity hint only; the body limit counts decoded bytes (`write`).
        string(CURLOPT_ACCEPT_ENCODING, "")
        long(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(limits.idleTimeout))
        long(CURLOPT_TIMEOUT_MS, Self.milliseconds(limits.deadline))
        if let caFile { string(CURLOPT_CAINFO, caFile); string(CURLOPT_PROXY_CAINFO, caFile) }
        if let caDirectory { string(CURLOPT_CAPATH, caDirectory); string(CURLOPT_PROXY_CAPATH, caDirectory) }
        // The proxy chosen here (settings and NO_PROXY already applied), never libcurl's own reading
        // of the environment: "" means direct. Through a proxy every request is a tunnel (CONNECT),
        // so the proxy sees only host and port, and its refusal is told apart from the server's answer.
        string(CURLOPT_PROXY, proxy?.url ?? "")
        if proxy != nil {
            long(CURLOPT_HTTPPROXYTUNNEL, 1)
            long(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        }
        try setMethodAndBody(api, handle)
        setHeaders(api, handle)
        _ = pulpe_curl_set_data_function(api, handle, CURLOPT_HEADERFUNCTION, { data, size, count, me in
            Unmanaged<CurlTransfer>.fromOpaque(me!).takeUnretainedValue().header(UnsafeRawBufferPointer(start: data, count: size * count))
        })
        _ = pulpe_curl_set_pointer(api, handle, CURLOPT_HEADERDATA, me)
        _ = pulpe_curl_set_data_function(api, handle, CURLOPT_WRITEFUNCTION, { data, size, count, me in
            Unmanaged<CurlTransfer>.fromOpaque(me!).takeUnretainedValue().write(UnsafeRawBufferPointer(start: data, count: size * count))
        })
        _ = pulpe_curl_set_pointer(api, handle, CURLOPT_WRITEDATA, me)
        long(CURLOPT_NOPROGRESS, 0)
        _ = pulpe_curl_set_progress_function(api, handle) { me, _, downloaded, _, uploaded in
            Unmanaged<CurlTransfer>.fromOpaque(me!).takeUnretainedValue().progress(downloaded: downloaded, uploaded: uploaded)
            return 0
        }
        _ = pulpe_curl_set_pointer(api, handle, CURLOPT_XFERINFODATA, me)
    }

    private func setMethodAndBody(_ api: UnsafePointer<pulpe_curl_api>, _ handle: UnsafeMutableRawPointer) throws(TransportFailure) {
        let carriesBody = request.body != nil || [.post, .put, .patch].contains(request.method)
        switch request.method {
        case .get: _ = pulpe_curl_set_long(api, handle, CURLOPT_HTTPGET, 1)
        case .post: _ = pulpe_curl_set_long(api, handle, CURLOPT_POST, 1)
        default: _ = pulpe_curl_set_string(api, handle, CURLOPT_CUSTOMREQUEST, request.method.rawValue)
        }
        guard carriesBody else { return }
        let bytes = request.body ?? Data()
        _ = pulpe_curl_set_offset(api, handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
        let copied = bytes.withUnsafeBytes { raw in
            // COPYPOSTFIELDS copies `POSTFIELDSIZE` bytes now: the request's Data may go.
            pulpe_curl_set_pointer(api, handle, CURLOPT_COPYPOSTFIELDS,
                                   UnsafeMutableRawPointer(mutating: raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!))
        }
        if copied != CURLE_OK { throw TransportFailure(.other, message: "the request body could not be handed to libcurl") }
    }

    /// The caller's fields in order; libcurl's own `Accept: */*`, `Expect: 100-continue` and form
    /// `Content-Type` taken out, so what leaves is what the client wrote (and `Host` its own).
    private func setHeaders(_ api: UnsafePointer<pulpe_curl_api>, _ handle: UnsafeMutableRawPointer) {
        var list: UnsafeMutablePointer<curl_slist>?
        let given = Set(request.headers.names.map { $0.lowercased() })
        for field in request.headers where !field.name.isEmpty {
            // libcurl sends "Name:" with no value as a removal: an empty value is written "Name;".
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            guard !line.contains(where: { $0 == "\r" || $0 == "\n" }) else { continue }
            list = api.pointee.slist_append(list, line)
        }
        for name in ["Accept", "Expect", "Content-Type"] where !given.contains(name.lowercased()) {
            list = api.pointee.slist_append(list, "\(name):")
        }
        headerList = list
        _ = pulpe_curl_set_list(api, handle, CURLOPT_HTTPHEADER, list)
    }

    /// Frees the easy handle and the header list (after the driver took it off the multi handle).
    func release(_ api: UnsafePointer<pulpe_curl_api>) {
        if let easy { api.pointee.easy_cleanup(easy) }
        easy = nil
        if let headerList { api.pointee.slist_free_all(headerList) }
        headerList = nil
    }

    // MARK: - Callbacks (libcurl's, on the driver's thread)

    /// One header line; a status line starts the fields afresh (a `100 Continue` before the
    /// answer, a proxy's `CONNECT` answer with SUPPRESS_CONNECT_HEADERS off).
    private func header(_ line: UnsafeRawBufferPointer) -> Int {
        lastActivity = .now
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
            status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return line.count
        }
        guard let colon = text.firstIndex(of: ":") else { return line.count }
        let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        if name.lowercased() == "content-length", let length = Int(value), status != 304 {
            guard length <= limits.maxBodyBytes else {
                tooLarge = true
                return 0
            }
            body.reserveCapacity(length)
        }
        return line.count
    }

    private func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        lastActivity = .now
        guard bytes.count <= limits.maxBodyBytes - received else {
            tooLarge = true
            return 0   // CURLE_WRITE_ERROR: the transfer stops here
        }
        if received == 0, let held = request.streamsMonth, (200..<300).contains(status) {
            month = MonthBodyStream(reusing: held)
        }
        received += bytes.count
        if month != nil { month?.feed(bytes) } else { body.append(contentsOf: bytes) }
        return bytes.count
    }

    private func progress(downloaded: curl_off_t, uploaded: curl_off_t) {
        if uploaded != sentSoFar {
            sentSoFar = uploaded
            lastActivity = .now
        }
    }

    // MARK: - The outcome

    /// What the caller hears when libcurl says the transfer ended with `code`.
    func outcome(_ code: CURLcode, _ api: UnsafePointer<pulpe_curl_api>) -> Result<HTTPResponseData, TransportFailure> {
        if tooLarge { return .failure(.bodyTooLarge(limits.maxBodyBytes)) }
        guard code == CURLE_OK else {
            let connectCode = easy.map { pulpe_curl_info_long(api, $0, CURLINFO_HTTP_CONNECTCODE) } ?? 0
            let message = api.pointee.easy_strerror(code).map { String(cString: $0) } ?? "curl error"
            return .failure(.curl(code, message: message, proxy: proxy, proxyAnswer: connectCode))
        }
        var answer = HTTPResponseData(status: easy.map { pulpe_curl_info_long(api, $0, CURLINFO_RESPONSE_CODE) } ?? status,
                                      headers: headers)
        if var month { answer.take(month.finish()) } else { answer.body = body }
        return .success(answer)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
