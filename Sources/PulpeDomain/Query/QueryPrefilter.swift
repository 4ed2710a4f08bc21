import Foundation

/// What every row a `LedgerQuery` keeps must hold, in terms a store can test without decoding a
/// row (decision 118): the terms joined by « and » at the top of the query, each loosened so that
/// it can only keep too much — never too little. The query itself then decides each row read, so
/// an `or`, a `not:` or a term the store cannot test only reads more rows, never other answers.
public struct QueryPrefilter: Sendable, Hashable {
    /// Where a folded needle is looked for.
    public enum Field: Sendable, Hashable {
        /// The transaction's name or its prévision's (a free word).
        case nameOrLine
        /// The transaction's name (`desc:`).
        case name
        /// Its prévision's name (`line:`).
        case line
    }

    /// A folded needle and where it is looked for.
    public struct Needle: Sendable, Hashable {
        public var field: Field
        public var bytes: [UInt8]
    }

    public var needles: [Needle] = []
    public var kind: TransactionKind?
    /// Amounts without their sign, bounds included (an excluded bound is included here).
    public var lowestAmount: Decimal?
    public var highestAmount: Decimal?
    /// Its day, in any time zone: one day wider on each side than the query's.
    public var days: ClosedRange<CalendarDay>?
    public var months: ClosedRange<BudgetMonth>?
    public var checked: Bool?

    /// Nothing to test: every row is read.
    public var isEmpty: Bool {
        needles.isEmpty && kind == nil && lowestAmount == nil && highestAmount == nil && days == nil && months == nil && checked == nil
    }

    public init() {}

    /// The conditions `query` implies.
    public init(_ query: LedgerQuery) {
        switch query {
        case let .term(term): add(term)
        case let .and(parts):
            for part in parts {
                if case let .term(term) = part { add(term) }
            }
        case .all, .not, .or: break
        }
    }

    private mutating func add(_ term: QueryTerm) {
        switch term {
        case let .text(needle): needles.append(Needle(field: .nameOrLine, bytes: needle))
        case let .desc(needle): needles.append(Needle(field: .name, bytes: needle))
        case let .line(needle): needles.append(Needle(field: .line, bytes: needle))
        case let .kind(wanted): kind = kind == nil || kind == wanted ? wanted : kind
        case let .amount(bounds):
            if let lower = bounds.lower { lowestAmount = max(lowestAmount ?? lower, lower) }
            if let upper = bounds.upper { highestAmount = min(highestAmount ?? upper, upper) }
        case let .days(range):
            let wider = range.lowerBound.adding(days: -1)...range.upperBound.adding(days: 1)
            days = days.map { Self.overlap($0, wider) } ?? wider
        case let .months(range):
            months = months.map { Self.overlap($0, range) } ?? range
        case let .checked(wanted): checked = wanted
        case .tag, .pending: break
        }
    }

    /// Where two ranges overlap (one bound, when they do not: the query then keeps nothing anyway).
    static func overlap<Bound: Comparable>(_ first: ClosedRange<Bound>, _ second: ClosedRange<Bound>) -> ClosedRange<Bound> {
        let lower = max(first.lowerBound, second.lowerBound)
        return lower...max(lower, min(first.upperBound, second.upperBound))
    }
}
