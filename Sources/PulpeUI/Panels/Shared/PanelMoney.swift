import Foundation
import PulpeDomain

/// Amounts as the panels show them, with privacy mode in one place: when it is on, every amount
/// becomes « •••• » with its currency (`MoneyFormatter.masked`), so no view can forget one.
///
/// Privacy hides figures, not shapes: colours, bars and the health badge stay, like the blurred
/// amounts of the Pulpe apps (a glance over the shoulder should not read a salary).
struct PanelMoney: Sendable {
    var currency: Currency
    var isPrivate: Bool

    /// `1’234.56 CHF` (or `1’235 CHF` compact); `•••• CHF` in privacy mode.
    func amount(_ value: Decimal, style: MoneyStyle = .normal) -> String {
        isPrivate ? MoneyFormatter.masked(currency: currency) : MoneyFormatter.format(value, currency: currency, style: style)
    }

    /// `+320.00 CHF` / `-150.00 CHF` / `0.00 CHF`, for rollovers.
    func signedBalance(_ value: Decimal) -> String {
        isPrivate ? MoneyFormatter.masked(currency: currency) : MoneyFormatter.signed(value, currency: currency)
    }

    /// `+7’450.00 CHF` for income, `-84.35 CHF` for expenses and savings.
    func signed(_ value: Decimal, kind: TransactionKind) -> String {
        isPrivate ? MoneyFormatter.masked(currency: currency) : MoneyFormatter.signed(value, kind: kind, currency: currency)
    }

    /// The number alone (`2’150.00`), for tables whose header names the currency; `••••` when private.
    func number(_ value: Decimal) -> String {
        isPrivate ? MoneyFormatter.maskedDigits : MoneyFormatter.number(value, currency: currency)
    }
}
