import Foundation
import PulpeDomain

/// The description of one API call: what the client needs to build, authorise, retry and
/// classify it. Internal; the public surface is the typed endpoint methods.
struct APIRequest: Sendable {
    /// Which server and path.
    enum Target: Sendable, Hashable {
        /// Relative to the API base (`…/api/v1/<path>`).
        case api(String)
        /// Relative to the server root (`/health`).
        case serverRoot(String)
        /// The auth server's token endpoint for a grant.
        case authToken(AuthGrant)
    }

    /// What credentials the route takes.
    enum Access: Sendable, Hashable {
        /// None (health, maintenance status, version, demo session).
        case anonymous
        /// `Authorization: Bearer` only (encryption routes).
        case bearer
        /// Bearer and `X-Client-Key` (every data route).
        case bearerAndClientKey
        /// The auth server: `apikey` when configured, no bearer.
        case authServer

        var needsBearer: Bool { self == .bearer || self == .bearerAndClientKey }
    }

    var method: HTTPMethod
    var target: Target
    var query: [URLQueryItem] = []
    var body: Data?
    var access: Access
    /// May be sent twice. Defaults to the method's idempotency; a POST sets it only when its body
    /// carries a client-chosen id.
    var isIdempotent: Bool
    /// Whether a maintenance answer raises the signal (false only for the status probe).
    var signalsMaintenance = true
    /// Whether transient failures are retried at all.
    var retries = true
    /// A month's details, read as they arrive (`HTTPRequestData.streamsMonth`).
    var streamsMonth: [Transaction]?
    /// The ETag of the copy held: sent as `If-None-Match`, and a 304 is then an answer.
    var ifNoneMatch: String?

    init(_ method: HTTPMethod, _ target: Target, access: Access, query: [URLQueryItem] = [], body: Data? = nil,
         isIdempotent: Bool? = nil) {
        self.method = method
        self.target = target
        self.access = access
        self.query = query
        self.body = body
        self.isIdempotent = isIdempotent ?? method.isIdempotent
    }

    var errorFamily: ErrorFamily {
        if case .authToken(let grant) = target { return .authServer(grant) }
        return .api
    }

    /// Encodes `value` with the shared encoder (sorted keys: byte-stable bodies for replays and tests).
    static func jsonBody<T: Encodable>(_ value: T) throws(PulpeError) -> Data {
        do {
            return try PulpeJSON.encode(value)
        } catch {
            throw PulpeError(.validation(reason: "request body could not be encoded: \(error)", fields: []))
        }
    }

    /// Percent-encodes one path segment (an id coming from elsewhere must not add segments).
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
