import Foundation
import Testing
@testable import PulpeDomain

@Suite("Typed amounts")
struct AmountInputTests {
    @Test("accepted", arguments: [
        ("12.50", "12.5"), ("12,5", "12.5"), ("12", "12"), (" 7 ", "7"), ("1’234.56", "1234.56"),
        ("1'234.56", "1234.56"), ("1 000", "1000"), ("1\u{202F}000,05", "1000.05"), (".5", "0.5"), ("3.", "3"),
        ("0", "0"), ("0.1", "0.1"), ("1000000", "1000000"),
    ])
    func accepted(text: String, expected: String) {
        #expect(AmountInput.parse(text) == dec(expected))
    }

    @Test("refused", arguments: ["", " ", "abc", "12abc", "1.2.3", "1,2.3", "12.345", "-5", "+5", "1e3", ".", "12 CHF", "١٢"])
    func refused(text: String) {
        #expect(AmountInput.parse(text) == nil)
    }
}
