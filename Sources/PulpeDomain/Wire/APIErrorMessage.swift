import Foundation

/// The `message` member of an error body.
public enum APIErrorMessage: Sendable, Hashable {
    /// The usual case: a sentence.
    case text(String)
    /// A validation failure: `{"message":"Validation failed","errors":[{code,path,message}]}`.
    case structured(message: String?, errors: [ValidationIssue])
    /// A list of sentences (NestJS `ValidationPipe` style).
    case lines([String])
    /// Anything else, kept raw.
    case other(JSONValue)

    /// One human-readable line, when there is one.
    public var text: String? {
        switch self {
        case .text(let value): return value
        case .structured(let message, let errors): return message ?? errors.lazy.compactMap(\.message).first
        case .lines(let lines): return lines.isEmpty ? nil : lines.joined(separator: "; ")
        case .other: return nil
        }
    }

    /// The validation issues (only for `.structured`).
    public var issues: [ValidationIssue] {
        if case .structured(_, let errors) = self { return errors }
        return []
    }
}

extension APIErrorMessage: Codable {
    private enum CodingKeys: String, CodingKey { case message, errors }

    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self = .text(text)
        } else if let lines = try? decoder.singleValueContainer().decode([String].self) {
            self = .lines(lines)
        } else if let c = try? decoder.container(keyedBy: CodingKeys.self) {
            let message = try? c.decodeIfPresent(String.self, forKey: .message)
            let errors = (try? c.decodeIfPresent([ValidationIssue].self, forKey: .errors)) ?? []
            self = .structured(message: message, errors: errors)
        } else {
            self = .other(try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let value):
            var c = encoder.singleValueContainer()
            try c.encode(value)
        case .lines(let lines):
            var c = encoder.singleValueContainer()
            try c.encode(lines)
        case .structured(let message, let errors):
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(message, forKey: .message)
            try c.encode(errors, forKey: .errors)
        case .other(let value):
            try value.encode(to: encoder)
        }
    }
}
