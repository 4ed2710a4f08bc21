import Foundation
import PropertyBased
import Testing
@testable import PulpeDomain

/// §12 for any amount: what the app writes, the amount field reads back — a user who copies a
/// figure from the screen into the quick-add gets the same number.
@Suite("Money formatting and parsing (§12), for any amount")
struct MoneyProperties {
    @Test func parsingWhatIsShownGivesTheAmountBack() async {
        await propertyCheck(input: DomainGen.amount, DomainGen.currency) { amount, currency in
            let shown = MoneyFormatter.number(amount, currency: currency)
            #expect(parsedValue(shown) == amount, "\(shown)")
        }
    }

    @Test func parsingACompactFigureGivesTheRoundedAmountBack() async {
        await propertyCheck(input: Gen.int(in: 50...100_000_000).map { DomainGen.decimal(units: $0, scale: 2) }, DomainGen.currency) { amount, currency in
            let shown = MoneyFormatter.number(amount, currency: currency, style: .compact)
            #expect(parsedValue(shown) == MoneyFormatter.rounded(amount, scale: 0), "\(shown)")
        }
    }

    /// Rounding is half away from zero, checked against integer arithmetic on thousandths; a
    /// negative figure is its magnitude with a minus sign, and nothing rounds to « -0.00 ».
    @Test func roundingIsHalfAwayFromZeroAndSymmetric() async {
        await propertyCheck(input: DomainGen.millis, DomainGen.currency) { millis, currency in
            let amount = DomainGen.decimal(units: millis, scale: 3)
            let cents = (millis.magnitude + 5) / 10
            let expected = DomainGen.decimal(units: Int(cents), scale: 2)
            let shown = MoneyFormatter.number(amount, currency: currency)
            let magnitude = shown.hasPrefix("-") ? String(shown.dropFirst()) : shown
            if cents > 100_000_000 {
                // Shown, but more than one expense may be (§9): the field says so rather than guessing.
                #expect(AmountParser.parse(magnitude) == .failure(.tooLarge), "\(shown)")
            }
            if cents == 0 {
                #expect(!shown.hasPrefix("-"), "\(shown)")
                #expect(AmountParser.parse(shown) == .failure(.notPositive))
            } else if millis < 0 {
                #expect(shown == "-" + MoneyFormatter.number(-amount, currency: currency))
            }
            if cents > 0 && cents <= 100_000_000 {
                #expect(parsedValue(magnitude) == expected, "\(shown)")
            }
            #expect(MoneyFormatter.format(amount, currency: currency) == shown + " " + currency.symbol)
        }
    }

    /// Groups of exactly three digits between separators, and only the currency's separators.
    @Test func digitsAreGroupedByThreeWithTheCurrencySeparator() async {
        await propertyCheck(input: DomainGen.amount, DomainGen.currency) { amount, currency in
            let shown = MoneyFormatter.number(amount, currency: currency)
            let (group, mark) = currency == .chf ? (MoneyFormatter.chfGroupSeparator, ".") : (MoneyFormatter.eurGroupSeparator, ",")
            let parts = shown.components(separatedBy: mark)
            #expect(parts.count == 2 && parts[1].count == 2, "\(shown)")
            let groups = parts[0].components(separatedBy: group)
            #expect(groups.first.map { (1...3).contains($0.count) } == true, "\(shown)")
            #expect(groups.dropFirst().allSatisfy { $0.count == 3 }, "\(shown)")
            #expect(groups.joined().allSatisfy(\.isASCII) && groups.joined().allSatisfy(\.isNumber), "\(shown)")
        }
    }

    /// The amount the quick-add field would save for `text`, nil when it refuses it.
    private func parsedValue(_ text: String) -> Decimal? {
        if case let .success(parsed) = AmountParser.parse(text) { return parsed.value }
        return nil
    }
}
