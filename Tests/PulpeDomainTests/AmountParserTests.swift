import Foundation
import Testing
@testable import PulpeDomain

/// The quick-add amount field and `pulpe add`: every accepted form, every rejection, rounding to
/// the cent and sums, all in Decimal.
@Suite struct AmountParserTests {
    private func value(_ text: String) -> Decimal? {
        if case let .success(parsed) = AmountParser.parse(text) { return parsed.value }
        return nil
    }

    private func problem(_ text: String) -> AmountProblem? {
        if case let .failure(problem) = AmountParser.parse(text) { return problem }
        return nil
    }

    private func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    @Test(arguments: [
        ("12.50", "12.5"), ("12,50", "12.5"), ("12.-", "12"), ("12,-", "12"), ("1'234.50", "1234.5"),
        ("1’234.50", "1234.5"), (" 12.5 ", "12.5"), ("12", "12"), ("0.05", "0.05"), (".5", "0.5"),
        ("1'000'000", "1000000"), ("1000000.00", "1000000"), ("\u{00A0}7.10\u{202F}", "7.1"),
        // Euros as the app writes them (narrow no-break space), and as people type them.
        ("1\u{202F}234,56", "1234.56"), ("1 234,56", "1234.56"), ("1\u{00A0}000\u{00A0}000", "1000000"),
        ("1 000 + 250", "1250"), ("12 + 3", "15"),
    ])
    func acceptedForms(text: String, expected: String) {
        #expect(value(text) == decimal(expected), "\(text)")
    }

    @Test(arguments: [
        ("12+8.50", "20.5"), ("3*4.20", "12.6"), ("20-2.50", "17.5"), ("3 × 4.20", "12.6"), ("10 + 2*3", "16"),
        ("1'200.-+300", "1500"), ("-3+5", "2"), ("0.1+0.2", "0.3"),
    ])
    func simpleSums(text: String, expected: String) {
        guard case let .success(parsed) = AmountParser.parse(text) else {
            Issue.record("\(text) should parse")
            return
        }
        #expect(parsed.value == decimal(expected))
        #expect(parsed.isExpression || !text.contains { "+-*×".contains($0) })
    }

    @Test func aPlainNumberIsNotAnExpression() {
        #expect(AmountParser.parse("12.50") == .success(ParsedAmount(value: 12.5, isExpression: false)))
        #expect(AmountParser.parse("12+1") == .success(ParsedAmount(value: 13, isExpression: true)))
    }

    @Test(arguments: [("12.345", "12.35"), ("12.344", "12.34"), ("0.005", "0.01"), ("2.675", "2.68"), ("3*0.335", "1.01"),
                      ("1.00499999999", "1")])
    func roundedHalfUpToTheCent(text: String, expected: String) {
        #expect(value(text) == decimal(expected), "\(text)")
    }

    @Test(arguments: [
        ("", AmountProblem.missing), ("   ", .missing),
        ("abc", .invalid), ("12..5", .invalid), ("12+", .invalid), ("+12", .invalid), ("12 CHF", .invalid),
        ("1'2'", .invalid), ("'12", .invalid), ("12.5.0", .invalid), ("*3", .invalid), ("1.0000000000001", .invalid),
        ("12 3", .invalid), ("1 23", .invalid), ("1 2345", .invalid), ("1,234 567", .invalid),
        ("0", .notPositive), ("-3", .notPositive), ("0.004", .notPositive), ("5-8", .notPositive), ("0.00", .notPositive),
        ("1000000.01", .tooLarge), ("2'000'000", .tooLarge), ("9999999999999999", .tooLarge),
        ("999999999999999*999999999999999", .tooLarge), ("99999*99999*99999*99999", .tooLarge),
    ])
    func rejections(text: String, expected: AmountProblem) {
        #expect(problem(text) == expected, "\(text)")
    }

    @Test func noBinaryFloatingPoint() {
        // 0.1 + 0.2 is exactly 0.3 here; as Double it would be 0.30000000000000004.
        #expect(value("0.1+0.2") == decimal("0.3"))
        #expect(value("1'234'567.89-234'567.89") == 1_000_000, "the maximum itself is allowed")
        #expect(value("1'234'567.89-234'567.88") == nil, "one cent over is refused")
        #expect(value("999'999.99") == decimal("999999.99"))
        #expect("\(value("4.20*3")!)" == "12.6")
    }
}
