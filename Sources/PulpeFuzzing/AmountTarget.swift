import Foundation
import PulpeDomain

/// What people type as an amount (`AmountParser`, the quick-add form and `pulpe add`), and the
/// plain amount field (`AmountInput`).
enum AmountTarget {
    static let target = FuzzTarget(name: "amount",
                                   feeds: "any text as a typed amount (`AmountParser.parse`, `AmountInput.parse`)",
                                   run: run)

    static let maximum: Decimal = 1_000_000

    static func run(_ data: Data) throws(FuzzViolation) {
        let text = data.lossyText
        let parsed = AmountParser.parse(text)
        if case .success(let amount) = parsed {
            let value = amount.value
            try check(!value.isNaN, "\(text) gave NaN")
            try check(value > 0, "\(text) gave \(value), not > 0")
            try check(value <= maximum, "\(text) gave \(value), above the maximum")
            try check(hasAtMostTwoDecimals(value), "\(text) gave \(value), more than two decimals")
            // What the screen shows for it reads back as the same amount.
            let shown = MoneyFormatter.number(value, currency: .chf)
            let reread = AmountParser.parse(shown)
            try check(reread == .success(ParsedAmount(value: value, isExpression: false)),
                      "\(text) → \(value) shown as \(shown) reads back as \(reread)")
        }
        try checkAgainstPlainNumber(text, parsed)

        if let value = AmountInput.parse(text) {
            // No maximum here: `TransactionRules` refuses large amounts with its own message.
            try check(!value.isNaN && value >= 0, "AmountInput: \(text) gave \(value)")
            try check(hasAtMostTwoDecimals(value), "AmountInput: \(text) gave \(value), more than two decimals")
        }
    }

    /// A plain number (digits, one `.`, at most 12 decimals) must read as `Decimal(string:)` rounded
    /// half-up to the cent does: the expression grammar must not change what a number means.
    static func checkAgainstPlainNumber(_ text: String, _ parsed: Result<ParsedAmount, AmountProblem>) throws(FuzzViolation) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, (1...15).contains(whole.utf8.count),
              whole.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return }
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...12).contains(fraction.utf8.count), fraction.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return }
        }
        guard var exact = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw FuzzViolation("Decimal(string:) refused the plain number \(text)")
        }
        var cents = Decimal()
        NSDecimalRound(&cents, &exact, 2, .plain)
        let expected: Result<ParsedAmount, AmountProblem>
        if cents <= 0 {
            expected = .failure(.notPositive)
        } else if cents > maximum {
            expected = .failure(.tooLarge)
        } else {
            expected = .success(ParsedAmount(value: cents, isExpression: false))
        }
        try check(parsed == expected, "plain number \(text): \(parsed), expected \(expected)")
    }

    static func hasAtMostTwoDecimals(_ value: Decimal) -> Bool {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, 2, .plain)
        return rounded == value
    }
}
