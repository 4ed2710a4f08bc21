import Foundation
import PulpeDomain

/// Data as it arrived: from the server just now, or from the cache (stale until revalidated).
public struct Fetched<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    /// When the server gave this answer (for a cached copy: when it was stored). Views say it
    /// (« Mis à jour à 14:32 », « Données du 20.11. à 14:32 ») in the user's time zone.
    public var fetchedAt: Date
    public var fromCache: Bool

    public init(_ value: Value, fetchedAt: Date, fromCache: Bool) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.fromCache = fromCache
    }
}

extension Fetched where Value == MonthContent {
    /// A huge cached month's first rows with its figures (`BudgetDetails.preview`), not the whole month.
    public var isPreview: Bool {
        if case let .budget(details) = value { return details.preview != nil }
        return false
    }
}
