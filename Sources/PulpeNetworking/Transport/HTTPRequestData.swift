import Foundation

/// One HTTP request as the transport sends it: what tests assert on, byte for byte.
public struct HTTPRequestData: Sendable, Hashable, CustomStringConvertible {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPHeaders
    /// The exact body bytes; `nil` for a request without a body.
    public var body: Data?

    public init(method: HTTPMethod, url: URL, headers: HTTPHeaders = HTTPHeaders(), body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The URL path without query, e.g. `/api/v1/budgets` (what logs and errors show).
    public var path: String { url.path }

    /// The body as UTF-8 text (tests, debugging); `nil` without a body.
    public var bodyText: String? { body.map { String(decoding: $0, as: UTF8.self) } }

    /// Method, URL and redacted headers; the body only by size (it may hold a password).
    public var description: String {
        "\(method.rawValue) \(url.absoluteString) [\(headers)] body: \(body.map { "\($0.count) bytes" } ?? "none")"
    }
}
