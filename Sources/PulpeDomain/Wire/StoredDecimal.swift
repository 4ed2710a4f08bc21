import Foundation

/// Amounts as the cache stores them (`Decimal.description`: digits and at most one `.`), read back
/// to the very same `Decimal` — byte for byte — about fifteen times faster than
/// `Decimal(string:)`, which was two thirds of reading a 100 000-transaction month from the cache
/// Anything else (a sign, an exponent, zero, more than 18 digits) goes through
/// `Decimal(string:)`, so the result never differs from it — except that a NaN is refused: Foundation
/// reads « -e » as NaN, and a damaged row must read as damaged, not as an amount (found by fuzzing).
public enum StoredDecimal {
    public static func parse(_ text: String) -> Decimal? {
        fast(text) ?? {
            guard let value = Decimal(string: text, locale: nil), !value.isNaN else { return nil }
            return value
        }()
    }

    /// Plain digits with at most one point and a non-zero value, else nil.
    private static func fast(_ text: String) -> Decimal? {
        var mantissa: UInt64 = 0
        var scale = 0
        var digits = 0
        var seenPoint = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            digits += 1
            guard digits <= 18 else { return nil }
            mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
            if seenPoint { scale += 1 }
        }
        // Zero keeps the exponent it was written with in `Decimal(string:)`: leave it to it.
        guard mantissa != 0 else { return nil }
        // Trailing zeros go into the exponent, as `Decimal(string:)` compacts them.
        var exponent = -scale
        while mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        return Decimal(sign: .plus, exponent: exponent, significand: Decimal(mantissa))
    }
}
