import Foundation
import PulpeDomain

/// `b`: « Rapprocher mes comptes » (§15.4) over the panels — the balances read in the bank (one
/// or more, separated by spaces or `;`) and the name of the entry that would close a gap. The
/// figures beside them are computed live by the view from the month as shown (`Reconciliation`).
public struct ReconcileForm: Hashable, Sendable {
    public enum Field: Hashable, Sendable, CaseIterable {
        case balances, name
    }

    /// Why `Entrée` stored nothing.
    public enum Problem: Hashable, Sendable {
        case balances(BankBalances.Problem)
        case nameTooLong
        /// A control character in the name (`ExpenseRules`).
        case nameHasControl
    }

    public var balances = TextField(maxLength: 200)
    public var name = TextField(text: Reconciliation.defaultName, maxLength: 254)
    public var focus: Field = .balances
    public var problem: Problem?
    /// The month's lines and transactions not checked off when the form opened (it holds the keys
    /// while open: nothing is checked meanwhile), counted once rather than on every frame.
    public var unchecked: Int

    public init(unchecked: Int = 0) {
        self.unchecked = unchecked
    }

    /// The total of the balances typed, or why there is none.
    public var total: Result<Decimal, BankBalances.Problem> { BankBalances.total(BankBalances.rows(balances.text)) }

    public mutating func apply(_ edit: TextEdit) {
        switch focus {
        case .balances: balances.apply(edit)
        case .name: name.apply(edit)
        }
        problem = nil
    }

    public mutating func focusNext() {
        focus = focus == .balances ? .name : .balances
    }
}
