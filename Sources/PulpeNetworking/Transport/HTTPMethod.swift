/// The HTTP methods the Pulpe API uses.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case patch = "PATCH"
    case put = "PUT"
    case delete = "DELETE"

    /// Whether resending the same request cannot create a second effect (RFC 9110 §9.2.2).
    /// PATCH bodies of this API set absolute values, so a replay is harmless too; POST is the
    /// exception and is retried only when the body carries a client-chosen `id`.
    public var isIdempotent: Bool { self != .post }
}
