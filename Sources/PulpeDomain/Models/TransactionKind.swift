import Foundation

/// Which way money moves: in (`income`) or out (`expense`, `saving`). Savings count as outflows (§10).
///
/// Decoding is strict: an unknown kind would silently corrupt every total, so it fails instead.
public enum TransactionKind: String, Sendable, Hashable, Codable, CaseIterable {
    case income
    case expense
    case saving

    /// `expense` and `saving`: the kinds that reduce what is left to spend.
    public static let outflows: Set<TransactionKind> = [.expense, .saving]

    /// Whether this kind reduces what is left to spend.
    public var isOutflow: Bool { self != .income }
}
