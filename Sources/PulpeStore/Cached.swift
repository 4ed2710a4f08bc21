import Foundation

/// A value read from the cache with the time it was fetched from the server, so the UI can say
/// « Données du 14:32 » and decide how stale the entry is.
public struct Cached<Value> {
    public var value: Value
    /// When the server sent this value (not when it was written to disk).
    public var fetchedAt: Date

    public init(value: Value, fetchedAt: Date) {
        self.value = value
        self.fetchedAt = fetchedAt
    }

    /// Seconds since `fetchedAt` at `now` (taken from the caller's clock, so tests stay deterministic);
    /// never negative, even if the wall clock went backwards.
    public func age(at now: Date) -> TimeInterval {
        max(0, now.timeIntervalSince(fetchedAt))
    }
}

extension Cached: Sendable where Value: Sendable {}
extension Cached: Equatable where Value: Equatable {}
extension Cached: Hashable where Value: Hashable {}
