import Foundation

/// A label the user puts on transactions and prévisions (`GET /tags`, §15.2): tags replaced the
/// old categories, and the web filters, searches and charts by them.
public struct Tag: Sendable, Hashable, Identifiable {
    public var id: String
    public var userId: String
    public var name: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, userId: String, name: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.userId = userId
        self.name = name
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension Tag: Codable {
    enum CodingKeys: String, CodingKey { case id, userId, name, createdAt, updatedAt }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        userId = try c.decode(String.self, forKey: .userId)
        name = try c.decode(String.self, forKey: .name)
        createdAt = try c.decodeTimestamp(forKey: .createdAt)
        updatedAt = try c.decodeTimestamp(forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(userId, forKey: .userId)
        try c.encode(name, forKey: .name)
        try c.encodeTimestamp(createdAt, forKey: .createdAt)
        try c.encodeTimestamp(updatedAt, forKey: .updatedAt)
    }
}
