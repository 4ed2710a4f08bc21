import Foundation

/// Money ratios turned into bar lengths. Only bars use `Double`: amounts themselves stay `Decimal`
/// end to end (§12), and a bar one eighth of a cell off is invisible.
enum DisplayRatio {
    /// `part / whole` as a `Double`, 0 when `whole` is not positive.
    static func of(_ part: Decimal, over whole: Decimal) -> Double {
        guard whole > 0 else { return 0 }
        return NSDecimalNumber(decimal: part / whole).doubleValue
    }
}
