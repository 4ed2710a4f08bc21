import Foundation

/// One rejected field of a validation failure (Zod issue): `{code, path, message}`.
public struct ValidationIssue: Sendable, Hashable {
    /// Zod issue code, e.g. `too_big`, `unrecognized_keys`.
    public var code: String?
    /// The path to the field; numbers (array indices) are kept as their decimal text.
    public var path: [String]
    /// The server's explanation.
    public var message: String?

    public init(code: String? = nil, path: [String] = [], message: String? = nil) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// `path` joined with dots, e.g. `tagIds.3`.
    public var pathText: String { path.joined(separator: ".") }
}

extension ValidationIssue: Codable {
    private enum CodingKeys: String, CodingKey { case code, path, message }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try? c.decodeIfPresent(String.self, forKey: .code)
        message = try? c.decodeIfPresent(String.self, forKey: .message)
        switch try? c.decodeIfPresent(JSONValue.self, forKey: .path) {
        case .string(let single):
            path = single.isEmpty ? [] : [single]
        case .array(let elements):
            path = elements.compactMap { element in
                switch element {
                case .string(let value): return value
                case .number(let value): return "\(value)"
                default: return nil
                }
            }
        default:
            path = []
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(code, forKey: .code)
        try c.encode(path, forKey: .path)
        try c.encodeIfPresent(message, forKey: .message)
    }
}
