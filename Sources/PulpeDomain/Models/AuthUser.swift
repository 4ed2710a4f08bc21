import Foundation

/// The `user` of a token answer. GoTrue sends many more fields; only these are kept.
public struct AuthUser: Sendable, Hashable {
    public var id: String
    /// `nil` for users without an email (phone sign-in).
    public var email: String?
    /// Sent on demo sessions; `nil` when absent or unreadable.
    public var createdAt: Date?

    public init(id: String, email: String? = nil, createdAt: Date? = nil) {
        self.id = id
        self.email = email
        self.createdAt = createdAt
    }
}

extension AuthUser: Codable {
    enum CodingKeys: String, CodingKey {
        case id, email
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        email = try? c.decodeIfPresent(String.self, forKey: .email)
        createdAt = (try? c.decodeIfPresent(String.self, forKey: .createdAt)).flatMap(PulpeDate.parse)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(email, forKey: .email)
        try c.encodeTimestampIfPresent(createdAt, forKey: .createdAt)
    }
}
