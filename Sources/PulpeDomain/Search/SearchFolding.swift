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
public enum SearchFolding {
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
    public static func text(_ text: String, contains needle: [UInt8], scratch: inout [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        scratch.removeAll(keepingCapacity: true)
        append(text, to: &scratch)
        return scratch.withUnsafeBufferPointer { haystack in needle.withUnsafeBufferPointer { find($0, in: haystack) } }
    }

    /// Whether the UTF-8 bytes `text`, folded, contain `needle` (folded UTF-8): SQLite's
    /// `pulpe_contains` over the cache's rows (the search across months, decision 53). The text is
    /// folded into a buffer on the stack, so no `String` is made for a name of ASCII or Latin
    /// letters; a byte that starts no UTF-8 sequence is skipped.
    public static func utf8(_ text: UnsafeBufferPointer<UInt8>, contains needle: UnsafeBufferPointer<UInt8>) -> Bool {
        if needle.isEmpty { return true }
        // A scalar of n bytes folds to at most 3n bytes except for the rare slow ones, checked.
        let capacity = text.count * 3 + 16
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { folded -> Bool in
            var count = 0
            var index = 0
            while index < text.count {
                let byte = text[index]
                if byte < 0x80 {
                    folded[count] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                    count += 1
                    index += 1
                    continue
                }
                var value: UInt32
                let length: Int
                switch byte {
                case 0xC0..<0xE0: value = UInt32(byte & 0x1F); length = 2
                case 0xE0..<0xF0: value = UInt32(byte & 0x0F); length = 3
                case 0xF0..<0xF8: value = UInt32(byte & 0x07); length = 4
                default: index += 1; continue
                }
                guard index + length <= text.count else { break }
                for offset in 1..<length { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
                index += length
                let bytes: [UInt8]
                if value >= latinStart && value < latinStart + UInt32(latinTable.count) {
                    bytes = latinTable[Int(value - latinStart)]
                } else if let scalar = Unicode.Scalar(value) {
                    bytes = Array(slowFold(scalar).utf8)
                } else {
                    continue
                }
                guard count + bytes.count <= capacity else {
                    // Never for real names: the slow path, through a String.
                    var scratch: [UInt8] = []
                    return SearchFolding.text(String(decoding: text, as: UTF8.self), contains: Array(needle), scratch: &scratch)
                }
                for foldedByte in bytes {
                    folded[count] = foldedByte
                    count += 1
                }
            }
            return find(needle, in: UnsafeBufferPointer(rebasing: folded[0..<count]))
        }
    }

    /// Whether `needle` occurs in `haystack` (both folded UTF-8).
    private static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = haystack.count, length = needle.count
        guard length <= count else { return false }
        let first = needle[0]
        var i = 0
        while i <= count - length {
            if haystack[i] == first {
                var j = 1
                while j < length && haystack[i + j] == needle[j] { j += 1 }
                if j == length { return true }
            }
            i += 1
        }
        return false
    }

    /// The folded UTF-8 of a query, as `utf8(_:contains:)` takes it.
    public static func foldedNeedle(_ query: String) -> [UInt8] {
        Array(fold(query.trimmingCharacters(in: .whitespacesAndNewlines)).utf8)
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
