import Foundation

/// One entry of a journal: a transaction, or what a checked prévision adds to the « Pointé ».
struct ExportEntry: Sendable {
    /// How far the entry is ticked off.
    enum Status: Sendable {
        /// Counted in the month's « Pointé »: hledger `*`.
        case cleared
        /// Ticked in Pulpe but counted nowhere (an outflow on an income prévision, §15.5): hledger
        /// `!`, so the cleared balance still equals the « Pointé » and the row stays visible.
        case pending
        /// Not ticked.
        case unmarked
    }

    /// Where the entry comes from; a transaction sorts before a prévision of the same day.
    enum Origin: Int, Sendable {
        case transaction
        case prevision
    }

    var day: CalendarDay
    var status: Status
    /// The transaction's or the line's name, as typed.
    var name: String
    var origin: Origin
    /// The transaction id, or the line id of a prévision entry.
    var id: String
    /// Which way the money goes, hence the account family (`income`, `expenses`, `savings`).
    var kind: TransactionKind
    /// The prévision's name as typed; nil for a free transaction (or one on a line the month does not list).
    var prevision: String?
    /// The magnitude; the direction comes from `kind`.
    var amount: Decimal

    /// Day, then transactions before prévisions, then id: a total order, so the output is stable.
    static func precedes(_ lhs: ExportEntry, _ rhs: ExportEntry) -> Bool {
        (lhs.day, lhs.origin.rawValue, lhs.id) < (rhs.day, rhs.origin.rawValue, rhs.id)
    }
}
