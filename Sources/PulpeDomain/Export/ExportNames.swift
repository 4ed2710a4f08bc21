import Foundation

/// Names and amounts as the export formats can read them back exactly as written: a name can hold
/// anything the user typed (a colon, a quote, a line break), and each format gives some characters
/// a meaning of its own.
enum ExportNames {
    /// The prévision of a transaction allocated to no line the month lists (a free one).
    static let free = "hors prévision"
    /// An account segment with nothing left once made safe (an account name is never empty).
    static let unnamed = "sans nom"

    /// `text` on one line: every run of spaces, tabs, line breaks and control characters is one
    /// space, none at either end. hledger ends an account name at two spaces and a field at a
    /// tab or line break; beancount and CSV keep a name readable in one row.
    static func oneLine(_ text: String, colonIsSpace: Bool = false, semicolonAsComma: Bool = false) -> String {
        if isOneLine(text.utf8, colonIsSpace: colonIsSpace, semicolonAsComma: semicolonAsComma) { return text }
        var out = String.UnicodeScalarView()
        var space = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isWhitespace || properties.generalCategory == .control || (colonIsSpace && scalar == ":") {
                space = true
                continue
            }
            if space, !out.isEmpty { out.append(" ") }
            space = false
            out.append(semicolonAsComma && scalar == ";" ? "," : scalar)
        }
        return String(out)
    }

    /// Whether `oneLine` gives `text` back as it is, read from its bytes, so that the common name
    /// (letters, accents, single spaces) costs no lookup per scalar: 60 000 rows are written in
    /// well under a second (decision 81). The lead bytes C2, E1, E2 and E3 start every non-ASCII space
    /// and control character, so a name holding one takes the slow path.
    private static func isOneLine(_ bytes: String.UTF8View, colonIsSpace: Bool, semicolonAsComma: Bool) -> Bool {
        var previous = UInt8(ascii: " ")  // a leading space (or an empty text) is not one line as it is
        for byte in bytes {
            switch byte {
            case 0x00..<0x20, 0x7F, 0xC2, 0xE1, 0xE2, 0xE3: return false
            case UInt8(ascii: " ") where previous == UInt8(ascii: " "): return false
            case UInt8(ascii: ":") where colonIsSpace: return false
            case UInt8(ascii: ";") where semicolonAsComma: return false
            default: break
            }
            previous = byte
        }
        return previous != UInt8(ascii: " ")
    }

    /// One hledger account segment: `:` separates segments and `;` starts a comment, so a colon
    /// becomes a space and a semicolon a comma; never empty.
    static func ledgerSegment(_ name: String) -> String {
        let text = oneLine(name, colonIsSpace: true, semicolonAsComma: true)
        return text.isEmpty ? unnamed : text
    }

    /// An hledger description: `;` would start a comment there.
    static func ledgerDescription(_ name: String) -> String {
        oneLine(name, semicolonAsComma: true)
    }

    /// An hledger tag value: it ends at a comma, and a space would read as part of the next tag's text.
    static func ledgerTagValue(_ text: String) -> String {
        // Ids are UUIDs: printable ASCII without a comma or a semicolon, kept as they are.
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: ";") }) { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            let separates = scalar == "," || scalar == ";" || properties.isWhitespace || properties.generalCategory == .control
            out.append(separates ? "_" : scalar)
        }
        return String(out)
    }

    /// One beancount account segment: ASCII letters, digits and dashes, starting with a capital
    /// or a digit. Accents are dropped (« Épargne » → `Epargne`), any other run of characters is one
    /// dash; built from the hledger segment, so both journals name the same prévisions alike.
    static func beancountSegment(_ name: String) -> String {
        var out: [Unicode.Scalar] = []
        var dash = false
        for scalar in ledgerSegment(name).unicodeScalars {
            let letters = asciiLetters(scalar)
            if letters.isEmpty, !isMark(scalar) { dash = true }
            for letter in letters {
                guard isASCIIAlphanumeric(letter) else {
                    dash = true
                    continue
                }
                if dash, !out.isEmpty { out.append("-") }
                dash = false
                out.append(letter)
            }
        }
        guard let first = out.first else { return "X" }
        if (0x61...0x7A).contains(first.value), let capital = Unicode.Scalar(first.value - 0x20) { out[0] = capital }
        return String(String.UnicodeScalarView(out))
    }

    /// `text` as a beancount string literal: one line, `\` and `"` escaped.
    static func beancountString(_ text: String) -> String {
        var out = "\""
        for character in oneLine(text) {
            if character == "\\" || character == "\"" { out.append("\\") }
            out.append(character)
        }
        out.append("\"")
        return out
    }

    /// One CSV text cell (a name, a prévision, an id): a spreadsheet opening the file would run a
    /// cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula, and a name
    /// is written by whoever typed it — or by whoever sent the money, for an imported one. OWASP's
    /// rule (« CSV Injection »): such a cell gets a leading `'`, which spreadsheets read as « text »
    /// and do not show. The amount cells are left as they are: `ExportNames.amount` writes only
    /// digits, one dot and a leading minus, which every spreadsheet reads as a number, and a
    /// prefixed amount would be text no sum adds up.
    static func csvText(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, formulaStarts.contains(first) else { return csvField(text) }
        return csvField("'" + text)
    }

    /// What starts a formula in Excel, LibreOffice and Google Sheets (OWASP's list).
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, a quote or a line break.
    static func csvField(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `45.00`, `-5200.00`: a `.`, no grouping, two decimals — more only when the amount has more,
    /// so that what the journal adds up is exactly what Pulpe adds up (never rounded).
    static func amount(_ value: Decimal) -> String {
        // Whole cents (every Pulpe amount) straight from integers: no `Decimal` arithmetic per row.
        if let units = MoneyUnits.units(value), units % 100 == 0 {
            let cents = (units / 100).magnitude
            let fraction = cents % 100
            return (units < 0 ? "-" : "") + String(cents / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
        }
        var scale = 2
        while scale < 20, MoneyFormatter.rounded(value, scale: scale) != value { scale += 1 }
        let negative = value < 0
        var units = negative ? -value : value
        for _ in 0..<scale { units *= 10 }
        // An integral `Decimal` is written without an exponent (as `MoneyFormatter` relies on too).
        var digits = "\(units)"
        if let dot = digits.firstIndex(of: ".") { digits = String(digits[..<dot]) }
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        let whole = String(digits.dropLast(scale)), fraction = String(digits.suffix(scale))
        return (negative ? "-" : "") + whole + "." + fraction
    }

    /// The ASCII letters `scalar` is written with once its accents are dropped (none for a
    /// non-Latin letter or a symbol).
    private static func asciiLetters(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if scalar.isASCII { return [scalar] }
        switch scalar.value {
        case 0x0152: return ["O", "E"]   // Œ
        case 0x0153: return ["o", "e"]   // œ
        case 0x00C6: return ["A", "E"]   // Æ
        case 0x00E6: return ["a", "e"]   // æ
        case 0x00DF: return ["s", "s"]   // ß
        default: return String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.filter(\.isASCII)
        }
    }

    /// A combining accent left alone in a decomposed name: dropped, not a separator.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return false
        }
    }
}
