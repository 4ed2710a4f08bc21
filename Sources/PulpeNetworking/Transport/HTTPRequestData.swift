import Foundation
import PulpeDomain

/// One HTTP request as the transport sends it: what tests assert on, byte for byte.
public struct HTTPRequestData: Sendable, Hashable, CustomStringConvertible {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPHeaders
    /// The exact body bytes; `nil` for a request without a body.
    public var body: Data?
    /// Set on a month's details (`GET /budgets/:id/details`): a transport that can read a 2xx
    /// answer as it arrives decodes its transactions then (`MonthBodyStream`), sharing the strings
    /// of these rows (the copy already held, maybe none), and answers with the rest of the body and
    /// `streamedMonth`. One that cannot ignores it and answers with the whole body.
    public var streamsMonth: [Transaction]?

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
