import Foundation
import PulpeDomain

/// Whether a request may see real amounts.
///
/// The backend stores amounts encrypted with a key derived from the client key; with a wrong
/// (but well-formed) `X-Client-Key` decryption yields nothing and every amount reads as 0 — silently,
/// with HTTP 200 (`docs/contract.md` §5). The sandbox reproduces that by zeroing amounts on the way out.
enum AmountVisibility: Sendable {
    case visible
    case zeroed

    func amount(_ value: Decimal) -> Decimal {
        self == .visible ? value : 0
    }

    func line(_ line: BudgetLine) -> BudgetLine {
        guard self == .zeroed else { return line }
        var copy = line
        copy.amount = 0
        return copy
    }

    func transaction(_ transaction: Transaction) -> Transaction {
        guard self == .zeroed else { return transaction }
        var copy = transaction
        copy.amount = 0
        return copy
    }
}
