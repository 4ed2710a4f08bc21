import Foundation
import PulpeDomain

/// What a gesture's toast says, as data (the words are the view's).
public struct GestureNews: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case checked
        case unchecked
        case deleted
        case edited
        /// A prévision added to the month (`A`).
        case added
        /// A month's budget asked for from a template (`name`: the month, `template`: its name).
        case budgetRequested
        /// `months` months planned ahead from `name` (a month) with `template`.
        case planned
        /// An item write done (`ItemWrite`: reset, postpone, fit — its words are the write's).
        case item(ItemWrite)
        /// « Rapprocher mes comptes »: the gap's entry stored (`name`, `amount`, its kind).
        case reconciled
        /// `u` took the gesture back.
        case undone
        /// `u` came after the delete left for the server.
        case tooLate
        /// `u` came after the write left for the server (a reset: nothing takes it back).
        case alreadySent
        /// `u` came after the postpone left for the server.
        case tooLateToMoveBack
        /// `u` came after the month's creation reached the server (`name`: the month).
        case alreadyCreated
        /// `u` on a month's creation while writes into that month wait behind it.
        case creationInUse
        /// Nothing to undo.
        case nothingToUndo
        /// The write was not stored, and why (an item gone from the month since it was shown…).
        case refused(WriteRefusal)
    }

    public var kind: Kind
    /// The transaction's name.
    public var name: String
    public var amount: Decimal?
    public var transactionKind: TransactionKind?
    /// A deleted prévision's transactions, now free.
    public var freedTransactions = 0
    /// The template a budget is created from.
    public var template: String?
    /// How many months are planned ahead.
    public var months = 0
    /// `.planned`: the months of the range that already have a budget (the server skips them).
    public var skipped: [BudgetMonth] = []

    public init(_ kind: Kind, name: String = "", amount: Decimal? = nil, transactionKind: TransactionKind? = nil) {
        self.kind = kind
        self.name = name
        self.amount = amount
        self.transactionKind = transactionKind
    }
}
