import Foundation

/// What a failure is about, for logs: never a token, the client key or a request body.
public struct ErrorContext: Sendable, Hashable {
    /// `GET`, `POST`, …
    public var method: String?
    /// The URL path without its query, e.g. `/api/v1/budgets`.
    public var path: String?
    /// The HTTP status, when an answer came back.
    public var status: Int?
    /// The wire code (`ERR_…`, `HTTP_404`, `MAINTENANCE`, GoTrue's `invalid_credentials`, …).
    public var code: String?
    /// The request id: the one the server reports (body or `X-Request-Id`), else the one sent.
    public var requestId: String?
    /// The server's own message (English), shortened; never shown as is to the user.
    public var serverMessage: String?
    /// The `URLError` code of a transport failure.
    public var transportCode: Int?
    /// What the server asked to wait (`Retry-After`), when it said.
    public var retryAfter: Duration?

    public init(method: String? = nil, path: String? = nil, status: Int? = nil, code: String? = nil,
                requestId: String? = nil, serverMessage: String? = nil, transportCode: Int? = nil,
                retryAfter: Duration? = nil) {
        self.method = method
        self.path = path
        self.status = status
        self.code = code
        self.requestId = requestId
        self.serverMessage = serverMessage.map(ErrorContext.shorten)
        self.transportCode = transportCode
        self.retryAfter = retryAfter
    }

    /// Server messages can be long (stack traces from a misconfigured proxy): keep the start.
    static func shorten(_ text: String) -> String {
        text.count <= 200 ? text : String(text.prefix(200)) + "…"
    }
}
