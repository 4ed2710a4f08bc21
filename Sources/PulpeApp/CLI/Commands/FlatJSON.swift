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
        // Bytes, not a String: appending to a String's scalar view copies the whole text each time.
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(objects.count * 200)
        for (index, members) in objects.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            for (position, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                append(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                switch member.value {
                case let .string(text): append(text, to: &out)
                case .null: out.append(contentsOf: "null".utf8)
                }
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` quoted, with JSONSerialization's escapes (UTF-8 beyond ASCII as it is).
    static func append(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
