import PulpeDomain

/// What a cache-only load reads.
public enum CachedLoad: Hashable, Sendable, CustomStringConvertible {
    case settings
    case month(BudgetMonth)
    case year(Int)

    public var description: String {
        switch self {
        case .settings: "settings"
        case let .month(month): "\(month.year)-\(month.month)"
        case let .year(year): "\(year)"
        }
    }
}
