import Foundation

/// A CSV statement's bytes as text, decoded exactly — never « repaired » with U+FFFD: UTF-8 (a BOM
/// allowed, and then required to hold), else Windows-1252, the superset of Latin-1 that Swiss
/// and French banks' exports and spreadsheets write when they are not UTF-8.
///
/// Bytes that read as UTF-8 are UTF-8 (a Latin-1 file with an accent is almost never valid UTF-8:
/// `é` is 0xE9, which UTF-8 reads only before two continuation bytes). Windows-1252 maps every
/// byte: 0x80–0x9F to its letters and signs (`€` 0x80, `’` 0x92, `œ` 0x9C…), the five it leaves
/// undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) to the C1 controls of the same number, as Latin-1
/// and the WHATWG encoding standard do; the rest is Latin-1, code point for byte.
public enum StatementText {
    /// Which decoding a file got.
    public enum Encoding: Hashable, Sendable { case utf8, windows1252 }

    /// The text of `data` and its encoding; a file that starts with a UTF-8 BOM but is not UTF-8
    /// after it is refused with where (it says UTF-8 and is not).
    public static func decode(_ data: Data) throws(StatementError) -> (text: String, encoding: Encoding) {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasBOM = data.starts(with: bom)
        let body = hasBOM ? data.dropFirst(3) : data[...]
        if let text = utf8(body) { return (text, .utf8) }
        if hasBOM, let problem = CAMT053Reader.encodingProblem(Data(body)) { throw problem }
        return (windows1252(body), .windows1252)
    }

    /// `bytes` as UTF-8, nil when one of them is not.
    static func utf8(_ bytes: Data.SubSequence) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// `bytes` as Windows-1252: every byte a character.
    static func windows1252(_ bytes: Data.SubSequence) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if (0x80...0x9F).contains(byte), let mapped = high[Int(byte) - 0x80] {
                scalars.append(mapped)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    /// Windows-1252's 0x80–0x9F (nil: undefined, kept as the C1 control of that number).
    private static let high: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]
}
