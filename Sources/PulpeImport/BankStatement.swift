import Foundation
import PulpeDomain

/// What a statement file holds: one or more accounts.
public struct BankStatement: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable {
        case camt053 = "camt.053"
        case csv
    }

    public var format: Format
    /// The message version (`camt.053.001.04`), nil for a CSV.
    public var version: String?
    public var accounts: [StatementAccount]

    public init(format: Format, version: String? = nil, accounts: [StatementAccount]) {
        self.format = format
        self.version = version
        self.accounts = accounts
    }

    public var operations: [BankOperation] { accounts.flatMap(\.operations) }
}
