import Foundation
import Testing
@testable import PulpeDomain

@Suite("Money formatting (§12)")
struct MoneyFormatterTests {
    @Test("CHF normal", arguments: [
        ("1234.56", "1’234.56 CHF"),
        ("-250", "-250.00 CHF"),
        ("0", "0.00 CHF"),
        ("0.1", "0.10 CHF"),
        ("0.05", "0.05 CHF"),
        ("12.5", "12.50 CHF"),
        ("999", "999.00 CHF"),
        ("1000", "1’000.00 CHF"),
        ("100000", "100’000.00 CHF"),
        ("1000000", "1’000’000.00 CHF"),
        ("999999999.99", "999’999’999.99 CHF"),
        ("-999999999.99", "-999’999’999.99 CHF"),
        ("1234.565", "1’234.57 CHF"),
        ("1234.564", "1’234.56 CHF"),
        ("-1234.565", "-1’234.57 CHF"),
        ("0.125", "0.13 CHF"),
        ("-0.004", "0.00 CHF"),
        ("999.995", "1’000.00 CHF"),
        ("123456789012345678901234.5", "123’456’789’012’345’678’901’234.50 CHF"),
    ])
    func chf(amount: String, expected: String) {
        #expect(MoneyFormatter.format(dec(amount), currency: .chf) == expected)
    }

    @Test func separatorIsRightSingleQuotationMark() {
        let text = MoneyFormatter.format(dec("1234.56"), currency: .chf)
        #expect(Array(text.unicodeScalars)[1].value == 0x2019)
        #expect(text == "1\u{2019}234.56 CHF")
    }

    @Test("CHF compact, half-up away from zero", arguments: [
        ("1234.56", "1’235 CHF"),
        ("1500", "1’500 CHF"),
        ("0.5", "1 CHF"),
        ("2.5", "3 CHF"),
        ("1.49", "1 CHF"),
        ("-0.5", "-1 CHF"),
        ("-2.5", "-3 CHF"),
        ("-0.4", "0 CHF"),
        ("0", "0 CHF"),
        ("-1234.5", "-1’235 CHF"),
        ("999999999.99", "1’000’000’000 CHF"),
        ("999.5", "1’000 CHF"),
    ])
    func compact(amount: String, expected: String) {
        #expect(MoneyFormatter.format(dec(amount), currency: .chf, style: .compact) == expected)
    }

    @Test("EUR", arguments: [
        ("1234.56", "1\u{202F}234,56 €"),
        ("-250", "-250,00 €"),
        ("0", "0,00 €"),
        ("999999999.99", "999\u{202F}999\u{202F}999,99 €"),
    ])
    func eur(amount: String, expected: String) {
        #expect(MoneyFormatter.format(dec(amount), currency: .eur) == expected)
    }

    @Test func eurCompact() {
        #expect(MoneyFormatter.format(dec("1234.56"), currency: .eur, style: .compact) == "1\u{202F}235 €")
    }

    @Test func signedByKind() {
        #expect(MoneyFormatter.signed(dec("1234.56"), kind: .income, currency: .chf) == "+1’234.56 CHF")
        #expect(MoneyFormatter.signed(dec("1234.56"), kind: .expense, currency: .chf) == "-1’234.56 CHF")
        #expect(MoneyFormatter.signed(dec("12.5"), kind: .saving, currency: .chf) == "-12.50 CHF")
        #expect(MoneyFormatter.signed(dec("12.5"), kind: .expense, currency: .eur) == "-12,50 €")
        #expect(MoneyFormatter.signed(dec("1234.56"), kind: .income, currency: .chf, style: .compact) == "+1’235 CHF")
        // The sign comes from the kind, never doubled.
        #expect(MoneyFormatter.signed(dec("-5"), kind: .expense, currency: .chf) == "-5.00 CHF")
    }

    @Test func signedByValue() {
        #expect(MoneyFormatter.signed(dec("500"), currency: .chf) == "+500.00 CHF")
        #expect(MoneyFormatter.signed(dec("-500"), currency: .chf) == "-500.00 CHF")
        #expect(MoneyFormatter.signed(0, currency: .chf) == "0.00 CHF")
        #expect(MoneyFormatter.signed(dec("0.004"), currency: .chf) == "0.00 CHF")
        #expect(MoneyFormatter.signed(dec("0.4"), currency: .chf, style: .compact) == "0 CHF")
        #expect(MoneyFormatter.signed(dec("0.5"), currency: .chf, style: .compact) == "+1 CHF")
    }

    @Test func masked() {
        #expect(MoneyFormatter.masked(currency: .chf) == "•••• CHF")
        #expect(MoneyFormatter.masked(currency: .eur) == "•••• €")
    }

    @Test func numberOnly() {
        #expect(MoneyFormatter.number(dec("1234.5"), currency: .chf) == "1’234.50")
        #expect(MoneyFormatter.number(dec("-1234.5"), currency: .eur, style: .compact) == "-1\u{202F}235")
    }

    @Test func rounding() {
        #expect(MoneyFormatter.rounded(dec("0.5"), scale: 0) == 1)
        #expect(MoneyFormatter.rounded(dec("2.5"), scale: 0) == 3)
        #expect(MoneyFormatter.rounded(dec("-0.5"), scale: 0) == -1)
        #expect(MoneyFormatter.rounded(dec("1.005"), scale: 2) == dec("1.01"))
    }

    @Test func currencySymbols() {
        #expect(Currency.chf.symbol == "CHF")
        #expect(Currency.eur.symbol == "€")
        #expect(Currency.eur.code == "EUR")
    }

    @Test("Counts are grouped like the amounts beside them")
    func counts() {
        #expect(MoneyFormatter.count(0, currency: .chf) == "0")
        #expect(MoneyFormatter.count(999, currency: .chf) == "999")
        #expect(MoneyFormatter.count(10_032, currency: .chf) == "10\u{2019}032")
        #expect(MoneyFormatter.count(1_234_567, currency: .eur) == "1\u{202F}234\u{202F}567")
    }
}
