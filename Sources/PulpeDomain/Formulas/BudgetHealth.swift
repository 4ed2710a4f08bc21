import Foundation

/// How a month is doing, for colour: red in deficit, yellow when tight (§10).
public enum BudgetHealth: String, Sendable, Hashable, Codable, CaseIterable {
    /// `remaining < 0`.
    case deficit
    /// Not in deficit, and `totalExpenses / available ≥ 0.8` — or nothing is available at all.
    case tight
    /// Everything else.
    case comfortable

    /// Share of `available` spent from which a month is tight.
    public static let tightRatio = Decimal(sign: .plus, exponent: -1, significand: 8) // 0.8, built exactly (a float literal would go through Double)

    /// Classifies a month. Deficit wins over tight.
    ///
    /// When `available ≤ 0` the ratio is undefined; the month is then **tight** unless it is in deficit:
    /// with nothing to spend, any expense goes into the red, and a warning colour says so.
    /// The ratio test is done without division (`expenses ≥ 0.8 × available`), so it is exact.
    public init(remaining: Decimal, totalExpenses: Decimal, available: Decimal) {
        if remaining < 0 {
            self = .deficit
        } else if available <= 0 {
            self = .tight
        } else if totalExpenses >= BudgetHealth.tightRatio * available {
            self = .tight
        } else {
            self = .comfortable
        }
    }
}
