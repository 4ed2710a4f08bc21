import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One transaction as the admin listing returns it.
public struct SandboxTransaction: Sendable, Hashable {
    public var id: String
    public var name: String
    /// The amount as JSON text (exact).
    public var amount: String
    /// `expense`, `income` or `saving`.
    public var kind: String = ""
    /// The wire timestamp (`2026-11-12T10:30:00.000000+00:00`).
    public var transactionDate: String = ""
}
