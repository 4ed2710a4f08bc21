import Foundation

/// One condition of a `LedgerQuery`. Text is folded as search folds it (case and accents:
/// `SearchFolding`); periods are resolved when the query is read (`thismonth` is the pay-day
/// period of the day it was asked).
public enum QueryTerm: Sendable, Hashable {
    /// A free word: the name, or the name of the prévision it is on, contains it.
    case text([UInt8])
    /// `desc:` — the name contains it.
    case desc([UInt8])
    /// `line:` — the prévision's name contains it (never a free transaction).
    case line([UInt8])
    /// `tag:` — one of its tags is named so (folded, whole).
    case tag([UInt8])
    /// `kind:` expense, income or saving.
    case kind(TransactionKind)
    /// `amt:` — the amount (without sign) within the bounds.
    case amount(AmountBounds)
    /// `date:` with days — the day it is dated, within the range.
    case days(ClosedRange<CalendarDay>)
    /// `month:`, or `date:` with months or years — its budget month (the pay-day period).
    case months(ClosedRange<BudgetMonth>)
    /// `checked:yes|no`.
    case checked(Bool)
    /// `pending:yes|no` — still in the outbox, not on the server yet.
    case pending(Bool)

    public func matches(_ row: QueryRow) -> Bool {
        var scratch: [UInt8] = []
        switch self {
        case let .text(needle):
            return SearchFolding.text(row.name, contains: needle, scratch: &scratch)
                || row.line.map { SearchFolding.text($0, contains: needle, scratch: &scratch) } == true
        case let .desc(needle): return SearchFolding.text(row.name, contains: needle, scratch: &scratch)
        case let .line(needle): return row.line.map { SearchFolding.text($0, contains: needle, scratch: &scratch) } == true
        case let .tag(name): return row.tags.contains { Array(SearchFolding.fold($0).utf8) == name }
        case let .kind(kind): return row.kind == kind
        case let .amount(bounds): return bounds.contains(row.amount)
        case let .days(range): return range.contains(row.date)
        case let .months(range): return range.contains(row.month)
        case let .checked(wanted): return row.checked == wanted
        case let .pending(wanted): return row.pending == wanted
        }
    }
}
