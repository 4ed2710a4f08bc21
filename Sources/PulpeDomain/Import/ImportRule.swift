import Foundation

/// A rule remembered for the next imports (decision 90): an operation whose label holds `pattern`
/// (case, accents and punctuation aside) is renamed, put on a prévision, tagged — or skipped.
/// Kept sealed in the cache with the account's other data (`CacheStore.importRules`), listed,
/// added and removed with `pulpe import rules`; forgotten with the account (`pulpe forget`).
public struct ImportRule: Hashable, Sendable, Codable {
    public var pattern: String
    /// The name it takes in Pulpe (nil: the statement's).
    public var name: String?
    /// The prévision it goes on, by name (nil: the suggestion from history).
    public var line: String?
    public var tags: [String]
    /// Never imported (a transfer between one's own accounts, a fee booked elsewhere…).
    public var skip: Bool

    public init(pattern: String, name: String? = nil, line: String? = nil, tags: [String] = [], skip: Bool = false) {
        self.pattern = pattern
        self.name = name
        self.line = line
        self.tags = tags
        self.skip = skip
    }

    enum CodingKeys: String, CodingKey { case pattern, name, line, tags, skip }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pattern = try c.decode(String.self, forKey: .pattern)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        line = try c.decodeIfPresent(String.self, forKey: .line)
        tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
        skip = try c.decodeIfPresent(Bool.self, forKey: .skip) ?? false
    }
}
