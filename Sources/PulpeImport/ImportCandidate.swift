import Foundation
import PulpeDomain

/// A statement's operation as the import plans it: the client id it is created under, whether
/// Pulpe has it already, and the prévision history suggests.
public struct ImportCandidate: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        case new
        /// Pulpe has it: imported before (its id), or entered by hand (same day, amount and name).
        case alreadyInPulpe(transactionId: String, name: String)
    }

    public var operation: BankOperation
    /// Derived from the account and the bank's reference (else day, amount, name and rank): the
    /// same file imported twice into one account makes the same ids, so the server answers 409 to
    /// a second create — never a double; into two accounts (a joint account's holders), two sets.
    public var clientId: String
    public var status: Status
    /// A prévision's name: the one the same label went on last time.
    public var suggestedLine: String?

    public var isNew: Bool { status == .new }
}
