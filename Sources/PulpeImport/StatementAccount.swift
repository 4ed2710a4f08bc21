import Foundation
import PulpeDomain

/// A statement of one account (a CAMT.053 `Stmt`, or a whole CSV): its operations and, when the
/// file says them, its opening and closing balances.
public struct StatementAccount: Hashable, Sendable {
    public var account: String
    public var currency: String
    public var opening: Decimal?
    public var closing: Decimal?
    public var operations: [BankOperation]

    public init(account: String, currency: String, opening: Decimal? = nil, closing: Decimal? = nil, operations: [BankOperation] = []) {
        self.account = account
        self.currency = currency
        self.opening = opening
        self.closing = closing
        self.operations = operations
    }

    /// The closing balance equals the opening plus the bookings (nil when the file gives neither).
    public var isBalanced: Bool? {
        guard let opening, let closing else { return nil }
        return opening + operations.reduce(Decimal(0)) { $0 + $1.signedAmount } == closing
    }
}
