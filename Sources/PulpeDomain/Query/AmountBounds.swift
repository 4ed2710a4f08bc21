import Foundation

/// `amt:`'s bounds: `>20` (above), `>=20`, `<5`, `<=5`, `20..50` (both included), `42.50` (that
/// amount exactly). Amounts are compared without their sign: the kind says which way money went.
public struct AmountBounds: Sendable, Hashable {
    public var lower: Decimal?
    public var lowerIncluded: Bool
    public var upper: Decimal?
    public var upperIncluded: Bool

    public init(lower: Decimal? = nil, lowerIncluded: Bool = true, upper: Decimal? = nil, upperIncluded: Bool = true) {
        self.lower = lower
        self.lowerIncluded = lowerIncluded
        self.upper = upper
        self.upperIncluded = upperIncluded
    }

    public func contains(_ amount: Decimal) -> Bool {
        let value = amount < 0 ? -amount : amount
        if let lower, lowerIncluded ? value < lower : value <= lower { return false }
        if let upper, upperIncluded ? value > upper : value >= upper { return false }
        return true
    }
}
