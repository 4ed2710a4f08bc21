import Foundation
import PulpeDomain

/// One rejected field, shaped like a Zod (v4) issue — the backend validates bodies with Zod and
/// sends the issues as `message.errors` (`docs/contract.md` §2).
struct ZodIssue: Sendable, Hashable {
    var code: String
    var path: [String]
    var message: String
    /// Issue-specific members (`keys`, `expected`, `maximum`, …).
    var extra: [String: JSONValue] = [:]

    var json: JSONValue {
        var members = extra
        members["code"] = .string(code)
        members["path"] = .array(path.map { Self.pathElement($0) })
        members["message"] = .string(message)
        return .object(members)
    }

    /// Array indices travel as numbers, keys as strings.
    private static func pathElement(_ element: String) -> JSONValue {
        if let index = Int(element), index >= 0, String(index) == element { return .number(Decimal(index)) }
        return .string(element)
    }

    static func unrecognizedKeys(_ keys: [String], path: [String] = []) -> ZodIssue {
        let quoted = keys.map { "\"\($0)\"" }.joined(separator: ", ")
        let noun = keys.count == 1 ? "key" : "keys"
        return ZodIssue(code: "unrecognized_keys", path: path, message: "Unrecognized \(noun): \(quoted)",
                        extra: ["keys": .array(keys.map(JSONValue.string))])
    }

    static func invalidType(expected: String, received: JSONValue?, path: [String]) -> ZodIssue {
        ZodIssue(code: "invalid_type", path: path,
                 message: "Invalid input: expected \(expected), received \(typeName(received))",
                 extra: ["expected": .string(expected)])
    }

    static func invalidFormat(_ format: String, message: String, path: [String]) -> ZodIssue {
        ZodIssue(code: "invalid_format", path: path, message: message,
                 extra: ["format": .string(format), "origin": .string("string")])
    }

    static func invalidValue(options: [String], path: [String]) -> ZodIssue {
        let list = options.map { "\"\($0)\"" }.joined(separator: "|")
        return ZodIssue(code: "invalid_value", path: path, message: "Invalid option: expected one of \(list)",
                        extra: ["values": .array(options.map(JSONValue.string))])
    }

    static func tooBig(origin: String, maximum: Int, unit: String, path: [String]) -> ZodIssue {
        ZodIssue(code: "too_big", path: path, message: "Too big: expected \(origin) to have <=\(maximum) \(unit)",
                 extra: ["origin": .string(origin), "maximum": .number(Decimal(maximum)), "inclusive": .bool(true)])
    }

    static func tooSmall(origin: String, minimum: Decimal, inclusive: Bool, path: [String]) -> ZodIssue {
        let sign = inclusive ? ">=" : ">"
        return ZodIssue(code: "too_small", path: path, message: "Too small: expected \(origin) to be \(sign)\(minimum)",
                        extra: ["origin": .string(origin), "minimum": .number(minimum), "inclusive": .bool(inclusive)])
    }

    static func tooLarge(origin: String, maximum: Decimal, path: [String]) -> ZodIssue {
        ZodIssue(code: "too_big", path: path, message: "Too big: expected \(origin) to be <=\(maximum)",
                 extra: ["origin": .string(origin), "maximum": .number(maximum), "inclusive": .bool(true)])
    }

    static func custom(_ message: String, path: [String]) -> ZodIssue {
        ZodIssue(code: "custom", path: path, message: message)
    }

    /// Zod's name for a JSON value's type (`undefined` for a missing member).
    static func typeName(_ value: JSONValue?) -> String {
        switch value {
        case nil: return "undefined"
        case .null?: return "null"
        case .bool?: return "boolean"
        case .number?: return "number"
        case .string?: return "string"
        case .array?: return "array"
        case .object?: return "object"
        }
    }
}
