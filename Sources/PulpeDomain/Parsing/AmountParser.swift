import Foundation

/// Reads an amount as people type it in Switzerland, and the simple sums they do in their head:
/// `12.50`, `12,50`, `12.-`, `1'234.50`, `1’234.50`, ` 12.5 `, `12+8.50`, `3*4.20`, `20-2.50`.
///
/// Every number is built from its digits as a `Decimal` (significand and exponent), never through
/// binary floating point, and the result is rounded half-up to the cent. Products before sums, left
/// to right, as on paper; a leading `-` is allowed so `-3` is « not positive » rather than « invalid ».
public enum AmountParser {
    /// The largest amount the API accepts (docs/contract.md §9).
    public static let maximum: Decimal = 1_000_000
    /// Numbers longer than this cannot be amounts; refusing them keeps products far from Decimal's
    /// 38-digit limit.
    static let maximumDigits = 15
    /// More decimals than this is not an amount anyone types.
    static let maximumFractionDigits = 12
    /// No intermediate result may reach this (10^15).
    static let bound: Decimal = Decimal(sign: .plus, exponent: 15, significand: 1)

    /// What was typed, understood: the amount to save, or why there is none.
    public static func parse(_ text: String) -> Result<ParsedAmount, AmountProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{00A0}\u{202F}")))
        if trimmed.isEmpty { return .failure(.missing) }
        var scanner = AmountScanner(Array(trimmed.unicodeScalars))
        let total: Decimal
        switch scanner.sum() {
        case let .success(value): total = value
        case let .failure(problem): return .failure(problem)
        }
        guard scanner.isAtEnd else { return .failure(.invalid) }
        let cents = rounded(total)
        if cents <= 0 { return .failure(.notPositive) }
        if cents > maximum { return .failure(.tooLarge) }
        return .success(ParsedAmount(value: cents, isExpression: scanner.sawOperator))
    }

    /// Half-up to two decimals (`12.345` → `12.35`, `-0.005` → `-0.01`).
    static func rounded(_ value: Decimal) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, 2, .plain)
        return output
    }
}
