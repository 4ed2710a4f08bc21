import Foundation

/// How much detail an amount shows.
public enum MoneyStyle: Sendable, Hashable {
    /// Two decimals: `1’234.56 CHF`.
    case normal
    /// Rounded to a whole number: `1’235 CHF` (year grid, status line).
    case compact
}
