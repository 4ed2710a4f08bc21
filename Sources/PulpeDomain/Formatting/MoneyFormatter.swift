import Foundation

/// Writes amounts the Pulpe way (§12), by hand from `Decimal`.
///
/// `NumberFormatter` is not used: its output depends on the platform's ICU/CLDR data (the CHF group
/// separator alone differs between versions), while these strings are part of the contract and of
/// golden screen tests.
///
/// Rounding is half-up *away from zero* (`NSDecimalRound` `.plain`): 0.5 → 1, 2.5 → 3, −0.5 → −1 — the
/// mirror image for negatives, so a deficit is never shown smaller than it is. A value that rounds
/// to zero is written without a minus sign.
public enum MoneyFormatter {
    /// CHF group separator: U+2019 RIGHT SINGLE QUOTATION MARK.
    public static let chfGroupSeparator = "\u{2019}"
    /// EUR group separator: U+202F NARROW NO-BREAK SPACE.
    public static let eurGroupSeparator = "\u{202F}"
    /// The bullets that replace digits in privacy mode.
    public static let maskedDigits = "••••"

    /// `1’234.56 CHF`, `-250.00 CHF`, `1 234,56 €`; compact: `1’235 CHF`.
    public static func format(_ amount: Decimal, currency: Currency, style: MoneyStyle = .normal) -> String {
        let (negative, digits) = magnitudeText(amount, currency: currency, style: style)
        return (negative ? "-" : "") + digits + " " + currency.symbol
    }

    /// The number alone, without the currency (for inputs and tables with a currency header).
    public static func number(_ amount: Decimal, currency: Currency, style: MoneyStyle = .normal) -> String {
        let (negative, digits) = magnitudeText(amount, currency: currency, style: style)
        return (negative ? "-" : "") + digits
    }

    /// Signed by direction: `+1’234.56 CHF` for income, `-1’234.56 CHF` for expense and saving.
    /// The sign comes from `kind`, the digits from the magnitude of `amount` (amounts on the wire are > 0).
    public static func signed(_ amount: Decimal, kind: TransactionKind, currency: Currency,
                              style: MoneyStyle = .normal) -> String {
        let (_, digits) = magnitudeText(amount, currency: currency, style: style)
        return (kind.isOutflow ? "-" : "+") + digits + " " + currency.symbol
    }

    /// Signed by value, for balances and rollovers: `+500.00 CHF`, `-500.00 CHF`, and `0.00 CHF` with no sign.
    public static func signed(_ amount: Decimal, currency: Currency, style: MoneyStyle = .normal) -> String {
        let (negative, digits) = magnitudeText(amount, currency: currency, style: style)
        let isZero = rounded(amount, scale: style == .compact ? 0 : 2) == 0
        return (isZero ? "" : (negative ? "-" : "+")) + digits + " " + currency.symbol
    }

    /// Privacy mode: `•••• CHF`, `•••• €`.
    public static func masked(currency: Currency) -> String {
        maskedDigits + " " + currency.symbol
    }

    /// `amount` rounded to `scale` decimals, half away from zero.
    public static func rounded(_ amount: Decimal, scale: Int) -> Decimal {
        var input = amount
        var output = Decimal()
        NSDecimalRound(&output, &input, scale, .plain)
        return output
    }

    /// Sign (after rounding) and grouped digits of the magnitude.
    static func magnitudeText(_ amount: Decimal, currency: Currency, style: MoneyStyle) -> (negative: Bool, text: String) {
        let scale = style == .compact ? 0 : 2
        let value = rounded(amount, scale: scale)
        let negative = value < 0
        var magnitude = negative ? -value : value
        // Scale to an integer count of the smallest unit, then read its digits: no binary floating point.
        for _ in 0..<scale { magnitude *= 10 }
        var digits = integerDigits(magnitude)
        if digits.count <= scale {
            digits = String(repeating: "0", count: scale - digits.count + 1) + digits
        }
        let integerPart = String(digits.dropLast(scale))
        let fractionPart = String(digits.suffix(scale))
        let (group, decimalMark) = separators(currency)
        var text = grouped(integerPart, separator: group)
        if scale > 0 { text += decimalMark + fractionPart }
        return (negative, text)
    }

    /// A count grouped like the amounts of `currency` (« 10’032 » for CHF, « 10 032 » for EUR), so
    /// « Transactions (10’032) » reads like the money beside it.
    public static func count(_ value: Int, currency: Currency) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + grouped(digits, separator: separators(currency).group)
    }

    /// Decimal digits of a non-negative integral `Decimal` (its description never uses an exponent).
    private static func integerDigits(_ value: Decimal) -> String {
        var text = "\(value)"
        if let dot = text.firstIndex(of: ".") { text = String(text[..<dot]) }
        return text.isEmpty ? "0" : text
    }

    private static func separators(_ currency: Currency) -> (group: String, decimal: String) {
        switch currency {
        case .chf: return (chfGroupSeparator, ".")
        case .eur: return (eurGroupSeparator, ",")
        }
    }

    private static func grouped(_ digits: String, separator: String) -> String {
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += separator }
            out.append(character)
        }
        return out
    }
}
