import Foundation

/// Reads a `Decimal` as ten-thousandths without `Decimal` arithmetic, by its stored form (byte 0
/// the exponent, byte 1 the length in its high nibble and the sign in bit 3, the mantissa in
/// 16-bit words from byte 4 — swift-foundation's `Decimal.Storage`). Checked once against known values: if the
/// layout ever differs, every amount takes `Decimal`'s own path and nothing is read wrongly.
public enum MoneyUnits {
    /// Whether the stored form reads as expected on this platform.
    static let layoutReads: Bool = {
        let samples: [(String, Int64)] = [("-123.45", -1_234_500), ("7450", 74_500_000), ("0.0001", 1), ("0", 0), ("12.5", 125_000)]
        return samples.allSatisfy { text, expected in Decimal(string: text).flatMap(read) == expected }
    }()

    /// `amount` in ten-thousandths, if exactly so and within ±9.2e14.
    public static func units(_ amount: Decimal) -> Int64? {
        guard layoutReads else { return nil }
        return read(amount)
    }

    private static func read(_ amount: Decimal) -> Int64? {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        return withUnsafeBytes(of: amount) { raw -> Int64? in
            let exponent = Int(Int8(bitPattern: raw[0]))
            let length = Int(raw[1] >> 4)
            let negative = raw[1] & 0x08 != 0
            if length == 0 { return negative ? nil : 0 }   // NaN; zero
            guard length <= 3, (-4...4).contains(exponent) else { return nil }
            var mantissa: Int64 = 0
            for word in (0..<length).reversed() {
                mantissa = mantissa << 16 | Int64(raw.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self))
            }
            var scaled = mantissa
            for _ in 0..<(exponent + 4) {
                let (next, overflow) = scaled.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                scaled = next
            }
            return negative ? -scaled : scaled
        }
    }

    /// Ten-thousandths back as an exact `Decimal`.
    public static func decimal(_ units: Int64) -> Decimal {
        guard units != 0 else { return 0 }
        return Decimal(sign: units < 0 ? .minus : .plus, exponent: -4, significand: Decimal(units.magnitude))
    }
}
