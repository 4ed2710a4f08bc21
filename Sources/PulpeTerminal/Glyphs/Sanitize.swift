import Foundation

/// ASCII transliteration for terminals without UTF-8.
///
/// Pulpe's French text is full of accents and typographic punctuation (’, —, « », narrow
/// no-break spaces in amounts like `1 234.50`). Printed byte-for-byte under `LANG=C` they
/// become mojibake, and ncurses' wide API silently drops them. `sanitize` turns them into
/// their closest ASCII so the fallback stays readable: `Réessayer — « 1 234 »` becomes
/// `Reessayer - " 1 234 "`.
extension Glyphs {
    /// `text` with every non-ASCII character replaced by its closest ASCII spelling.
    ///
    /// Letters lose their diacritics (é→e, à→a, ç→c, Œ→OE), quotes and apostrophes become
    /// `"` and `'`, dashes become `-`, the ellipsis becomes `...`, no-break and thin spaces
    /// become a space, box drawing becomes `+-|`, blocks and shades become `#` and `.`, and
    /// anything without a spelling (CJK, emoji) becomes `?`. Lone combining marks vanish.
    public static func sanitize(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text { out += ascii(for: ch) }
        return out
    }

    /// One ASCII character to draw in a cell whose grapheme is `grapheme`, for the backend's
    /// last line of defence in ASCII mode (views should already have used `text(_:)`).
    public static func asciiFallback(forCell grapheme: String) -> Character {
        guard let ch = grapheme.first else { return " " }
        return ascii(for: ch).first ?? " "
    }

    /// The ASCII spelling of one character (possibly empty or several characters).
    static func ascii(for ch: Character) -> String {
        if ch.isASCII { return String(ch) }
        guard let first = ch.unicodeScalars.first else { return "" }
        if let mapped = specials[first.value] { return mapped }
        switch first.value {
        case 0x2500...0x257F: return boxDrawing(first.value)
        case 0x2580...0x2590, 0x2594...0x259F: return "#"       // blocks
        case 0x2591: return "."                                 // ░
        case 0x2592: return ":"                                 // ▒
        case 0x2593: return "#"                                 // ▓
        case 0x2800...0x28FF: return "."                        // braille (spinner)
        default: break
        }
        if first.isZeroWidth && first.value != 0x00AD { return "" } // lone combining mark, ZWSP…
        // Canonical decomposition splits é into e + U+0301; keep the ASCII part.
        let base = String(ch).decomposedStringWithCanonicalMapping.unicodeScalars.filter { $0.isASCII }
        if !base.isEmpty { return String(String.UnicodeScalarView(base)) }
        return "?"
    }

    /// Box-drawing characters by shape: horizontal pieces `-`, vertical `|`, the rest `+`.
    private static func boxDrawing(_ v: UInt32) -> String {
        let horizontal: Set<UInt32> = [0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D,
                                       0x2550, 0x2574, 0x2576, 0x2578, 0x257A, 0x257C, 0x257E]
        let vertical: Set<UInt32> = [0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F,
                                     0x2551, 0x2575, 0x2577, 0x2579, 0x257B, 0x257D, 0x257F]
        if horizontal.contains(v) { return "-" }
        if vertical.contains(v) { return "|" }
        return "+"
    }

    /// Characters whose ASCII spelling is not their canonical decomposition.
    private static let specials: [UInt32: String] = [
        // Spaces: no-break, narrow no-break (French thousands separator), thin, figure, ideographic.
        0x00A0: " ", 0x202F: " ", 0x2007: " ", 0x2009: " ", 0x200A: " ", 0x2002: " ", 0x2003: " ",
        0x2004: " ", 0x2005: " ", 0x2006: " ", 0x2008: " ", 0x3000: " ",
        0x00AD: "-",                                             // soft hyphen
        // Quotes and apostrophes.
        0x2019: "'", 0x2018: "'", 0x201A: "'", 0x201B: "'", 0x2032: "'", 0x02BC: "'", 0x00B4: "'",
        0x201C: "\"", 0x201D: "\"", 0x201E: "\"", 0x201F: "\"", 0x00AB: "\"", 0x00BB: "\"",
        0x2039: "\"", 0x203A: "\"", 0x2033: "\"",
        // Dashes and minus.
        0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2014: "-", 0x2015: "-", 0x2212: "-",
        // Punctuation and symbols.
        0x2026: "...", 0x2022: "*", 0x00B7: ".", 0x2027: ".", 0x2219: ".", 0x00A1: "!", 0x00BF: "?",
        0x20AC: "EUR", 0x00A3: "GBP", 0x00A5: "JPY", 0x00A2: "c", 0x00D7: "x", 0x00F7: "/",
        0x00B1: "+/-", 0x00B0: "o", 0x00A9: "(c)", 0x00AE: "(R)", 0x2122: "TM", 0x00A7: "S",
        0x00B2: "2", 0x00B3: "3", 0x00B9: "1", 0x00BC: "1/4", 0x00BD: "1/2", 0x00BE: "3/4",
        0x2713: "x", 0x2714: "x", 0x2717: "x", 0x2718: "x",
        0x2190: "<-", 0x2192: "->", 0x2191: "^", 0x2193: "v", 0x2194: "<->", 0x21B5: "<-'",
        0x25B2: "^", 0x25BC: "v", 0x25C0: "<", 0x25B6: ">", 0x25CF: "*", 0x25CB: "o",
        // Letters without a canonical decomposition.
        0x0153: "oe", 0x0152: "OE", 0x00E6: "ae", 0x00C6: "AE", 0x00DF: "ss", 0x00F8: "o",
        0x00D8: "O", 0x0111: "d", 0x0110: "D", 0x0142: "l", 0x0141: "L", 0x0131: "i",
        0x00F0: "d", 0x00D0: "D", 0x00FE: "th", 0x00DE: "TH",
    ]
}
