import Foundation
import PropertyBased
@testable import PulpeDomain

/// Generators of domain values for the property tests: exact decimals built from integers (never
/// through `Double`), budget lines and transactions shaped like the server's, calendar days and
/// pay days including the out-of-range ones a settings row may hold.
enum DomainGen {
    /// A decimal with `scale` fractional digits from an integer count of its smallest unit.
    static func decimal(units: Int, scale: Int) -> Decimal {
        Decimal(sign: units < 0 ? .minus : .plus, exponent: -scale, significand: Decimal(units.magnitude))
    }

    /// A positive amount in cents, 0.01 … 1 000 000.00: everything the API accepts (§9).
    static let amount = Gen.int(in: 1...100_000_000).map { decimal(units: $0, scale: 2) }

    /// A signed amount in thousandths, ±10 000 000.000: values that need rounding to be shown.
    static let millis = Gen.int(in: -10_000_000_000...10_000_000_000)

    static let kind = Gen<TransactionKind>.case
    static let currency = Gen<Currency>.case

    /// Up to 8 budget lines `l0`, `l1`, … of any kind and amount (0 allowed: a line not planned yet).
    static let lines = zip(kind, Gen.int(in: 0...2_000_000)).array(of: 0...8).map { pairs in
        pairs.enumerated().map { index, pair in
            PropertyLine(id: "l\(index)", kind: pair.0, amount: decimal(units: pair.1, scale: 2))
        }
    }

    /// Up to 30 transactions, free or allocated to `l0`…`l9` (some of which may not exist: the
    /// formula then counts them nowhere), of any kind.
    static let transactions = zip(Gen.int(in: 0...9).optional, kind, Gen.int(in: 1...500_000))
        .array(of: 0...30)
        .map { triples in
            triples.map { triple in
                PropertyEntry(budgetLineId: triple.0.map { "l\($0)" }, kind: triple.1,
                              amount: decimal(units: triple.2, scale: 2))
            }
        }

    /// A day between 1900 and 2199 (days since 1970-01-01).
    static let day = Gen.int(in: -25_567...84_000).map { CalendarDay(daysSinceEpoch: $0) }

    /// A pay day as stored: nil, in range, or out of it (0, negatives, above 31).
    static let payDay = Gen.int(in: -3...40).optional

    /// A month between 1900 and 2199.
    static let month = Gen.int(in: (1900 * 12)...(2199 * 12 + 11)).map { BudgetMonth(monthIndex: $0) }
}
