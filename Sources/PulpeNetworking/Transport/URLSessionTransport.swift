import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PulpeDomain

/// The production transport: Foundation's `URLSession` (libcurl on Linux).
///
/// Why these settings: an *ephemeral* session keeps no cookies, cache or credentials on disk (the
/// API is bearer-authenticated; a cached response could show another account's data). The timeout
/// is URLSession's idle timeout — on Linux `timeoutIntervalForResource` is ignored — so the client
/// enforces each operation's whole budget itself (`RetryPolicy.operationBudget`).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let idleTimeout: TimeInterval

    /// - Parameter idleTimeout: how long a request may wait for its next byte (10 s by default).
    public init(idleTimeout: Duration = .seconds(10)) {
        let seconds = idleTimeout.timeInterval
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        self.session = URLSession(configuration: configuration)
        self.idleTimeout = seconds
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        // A request started from an already-cancelled task may still reach the server: stop first.
        if Task.isCancelled { throw TransportFailure(.cancelled, message: "task cancelled before sending") }
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = idleTimeout
        urlRequest.httpBody = request.body
        for field in request.headers {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw TransportFailure.from(error)
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportFailure(.connectionLost, message: "not an HTTP response")
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return HTTPResponseData(status: http.statusCode, headers: headers, body: data)
    }
}
