import Foundation

/// What a read of the whole account (`GET /budgets/export`, issue 42) became.
public enum ReplicaOutcome: Hashable, Sendable {
    /// Every month of the account is in the cache as the server sent it, at `at`.
    case synced(ReplicaStatus)
    /// Not read (offline, refused, a wrong key): the replica stays as it was.
    case failed(Failure)
}

/// The replica's last complete read: how many months, and when (wall clock).
public struct ReplicaStatus: Hashable, Sendable {
    public var months: Int
    public var at: Date

    public init(months: Int, at: Date) {
        self.months = months
        self.at = at
    }
}
