import Foundation
import PropertyBased
import Testing
@testable import PulpeDomain

/// The cache's fast amount reader gives exactly what `Decimal(string:)` gives — the same bytes,
/// so equality, hashing and `description` cannot tell them apart — for any amount the cache may
/// hold, and for text it never writes (signs, exponents, garbage).
@Suite struct StoredDecimalProperties {
    private func bytes(_ value: Decimal?) -> [UInt8]? {
        value.map { withUnsafeBytes(of: $0) { Array($0) } }
    }

    @Test func anyStoredAmountReadsBackByteForByte() async {
        await propertyCheck(input: Gen.int(in: 0...999_999_999_999_999_999), Gen.int(in: 0...18)) { units, scale in
            let stored = DomainGen.decimal(units: units, scale: scale).description
            #expect(bytes(StoredDecimal.parse(stored)) == bytes(Decimal(string: stored, locale: nil)), "\(stored)")
        }
    }

    @Test func writtenDigitsWithTrailingZerosReadAsDecimalStringDoes() async {
        await propertyCheck(input: Gen.int(in: 0...99_999_999), Gen.int(in: 0...4), Gen.int(in: 0...3)) { units, scale, zeros in
            var text = String(units)
            if scale > 0 {
                text = String(repeating: "0", count: max(0, scale + 1 - text.count)) + text
                text.insert(".", at: text.index(text.endIndex, offsetBy: -scale))
            }
            text += String(repeating: "0", count: scale > 0 ? zeros : 0)
            #expect(bytes(StoredDecimal.parse(text)) == bytes(Decimal(string: text, locale: nil)), "\(text)")
        }
    }

    @Test func whatTheCacheNeverWritesStillReadsAsDecimalStringDoes() {
        for text in ["0", "0.00", "-12.5", "+3", "1e3", "12abc", "", ".", "1.2.3", "1234567890123456789012", " 7"] {
            #expect(bytes(StoredDecimal.parse(text)) == bytes(Decimal(string: text, locale: nil)), "\(text)")
        }
    }

    /// Foundation reads « -e » as NaN: a damaged row must not become an amount (found by fuzzing).
    @Test func aNaNIsRefused() {
        #expect(Decimal(string: "-e", locale: nil)?.isNaN == true, "Foundation's reading, which this guards against")
        #expect(StoredDecimal.parse("-e") == nil)
    }
}
