import Foundation
import PulpeDomain

/// JSON text for long arrays of flat objects (a search over the whole replica: ten thousand hits),
/// written directly: `JSONSerialization` over `[String: Any]` took ~0.8 s for 10 000 hits. The
/// bytes are `PanelJSON.text`'s for the same objects — keys sorted, slashes unescaped, the same
/// escapes (`FlatJSONTests` compares them).
enum FlatJSON {
    /// A member's value.
    enum Value {
        case string(String)
        case bool(Bool)
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
                case let .bool(flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
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
        JSONText.appendQuoted(text, to: &out)
    }
}
