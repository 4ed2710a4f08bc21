import Foundation

/// JSON text for long arrays of flat objects (a search over the whole replica: ten thousand hits),
/// written directly: `JSONSerialization` over `[String: Any]` took ~0.8 s for 10 000 hits. The
/// bytes are `PanelJSON.text`'s for the same objects — keys sorted, slashes unescaped, the same
/// escapes (`FlatJSONTests` compares them).
enum FlatJSON {
    /// A member's value.
    enum Value {
        case string(String)
        case null
    }

    /// `[{…},{…}]`, each object's keys written in sorted order.
    static func array(_ objects: [[(key: String, value: Value)]]) -> String {
        var out = "["
        out.reserveCapacity(objects.count * 200)
        for (index, members) in objects.enumerated() {
            if index > 0 { out += "," }
            out += "{"
            for (position, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if position > 0 { out += "," }
                append(member.key, to: &out)
                out += ":"
                switch member.value {
                case let .string(text): append(text, to: &out)
                case .null: out += "null"
                }
            }
            out += "}"
        }
        return out + "]"
    }

    /// `text` quoted, with JSONSerialization's escapes.
    static func append(_ text: String, to out: inout String) {
        out += "\""
        var start = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var index = start
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escape: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{8}": "\\b"
            case "\u{c}": "\\f"
            default: scalar.value < 0x20 ? "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                + String(scalar.value, radix: 16) : nil
            }
            if let escape {
                out.unicodeScalars += scalars[start..<index]
                out += escape
                start = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        out.unicodeScalars += scalars[start..<scalars.endIndex]
        out += "\""
    }
}
