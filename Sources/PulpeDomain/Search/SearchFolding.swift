import Foundation

/// The form of a text used for filtering: lower case, accents removed, ligatures spelt out and
/// typographic apostrophes made plain, so « electricite » finds « Électricité » and « l'epicerie »
/// finds « L’Épicerie ».
///
/// The filter runs over every transaction of the month on each keystroke, so folding works on UTF-8
/// bytes into a reused buffer and the common cases are table lookups: ASCII is lower-cased in place and
/// Latin-1 / Latin Extended-A (every French, German, Italian accent) comes from a table built once.
/// Only rarer scalars go through Foundation's canonical decomposition, one at a time.
/// `String.folding(options:locale:)` is not used: its result depends on the platform's ICU data, and
/// it is an order of magnitude slower.
enum SearchFolding {
    /// `text` folded, as a string (for the query, folded once).
    static func fold(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the folded UTF-8 bytes of `text` to `bytes`.
    static func append(_ text: String, to bytes: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                bytes.append(UInt8(value >= 0x41 && value <= 0x5A ? value + 0x20 : value))
            } else if value >= latinStart && value < latinStart + UInt32(latinTable.count) {
                bytes.append(contentsOf: latinTable[Int(value - latinStart)])
            } else {
                bytes.append(contentsOf: slowFold(scalar).utf8)
            }
        }
    }

    /// Whether the folded form of `text` contains `needle` (already folded UTF-8). `scratch` is reused
    /// between calls to avoid an allocation per transaction. Byte equality is the right equality here:
    /// folded text has no combining marks left.
    static func text(_ text: String, contains needle: [UInt8], scratch: inout [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        scratch.removeAll(keepingCapacity: true)
        append(text, to: &scratch)
        let count = scratch.count, length = needle.count
        guard length <= count else { return false }
        let first = needle[0]
        var i = 0
        while i <= count - length {
            if scratch[i] == first {
                var j = 1
                while j < length && scratch[i + j] == needle[j] { j += 1 }
                if j == length { return true }
            }
            i += 1
        }
        return false
    }

    /// U+00A0 … U+017F: Latin-1 Supplement and Latin Extended-A, folded once.
    private static let latinStart: UInt32 = 0xA0
    private static let latinTable: [[UInt8]] = (0xA0...0x17F).map { Array(slowFold(Unicode.Scalar($0)!).utf8) }

    /// One scalar folded the thorough way: lower case, canonical decomposition, marks dropped.
    private static func slowFold(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0152, 0x0153: return "oe"                     // Œ œ
        case 0x00C6, 0x00E6: return "ae"                     // Æ æ
        case 0x00DF: return "ss"                             // ß
        case 0x2019, 0x2018, 0x02BC: return "'"              // ’ ‘ ʼ
        case 0x00A0, 0x202F: return " "                      // no-break spaces
        default: break
        }
        var result = String.UnicodeScalarView()
        for part in String(scalar).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch part.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default: result.append(part)
            }
        }
        return String(result)
    }
}
