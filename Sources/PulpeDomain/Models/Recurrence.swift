import Foundation

/// How a budget line repeats: every month from the template (`fixed`) or this month only (`one_off`).
///
/// Unlike `TransactionKind`, an unknown value does not affect any total, so it is kept verbatim
/// (`other`) rather than failing the whole budget.
public enum Recurrence: Sendable, Hashable {
    case fixed
    case oneOff
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "fixed": self = .fixed
        case "one_off": self = .oneOff
        default: self = .other(rawValue)
        }
    }

    /// The wire spelling (`fixed`, `one_off`, or the unknown value).
    public var rawValue: String {
        switch self {
        case .fixed: return "fixed"
        case .oneOff: return "one_off"
        case .other(let raw): return raw
        }
    }
}

extension Recurrence: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
