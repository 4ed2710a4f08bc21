import Foundation

/// The two currencies Pulpe supports (§12).
public enum Currency: String, Sendable, Hashable, Codable, CaseIterable {
    case chf = "CHF"
    case eur = "EUR"

    /// ISO 4217 code.
    public var code: String { rawValue }

    /// What follows an amount on screen: `CHF` or `€`.
    public var symbol: String {
        switch self {
        case .chf: return "CHF"
        case .eur: return "€"
        }
    }
}
