import Foundation

/// The replica's last complete read: how many months, and when (wall clock).
public struct ReplicaStatus: Hashable, Sendable {
    public var months: Int
    public var at: Date

    public init(months: Int, at: Date) {
        self.months = months
        self.at = at
    }
}
