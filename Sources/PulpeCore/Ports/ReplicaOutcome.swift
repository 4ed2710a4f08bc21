import Foundation

/// What a read of the whole account (`GET /budgets/export`, decision 81) became.
public enum ReplicaOutcome: Hashable, Sendable {
    /// Every month of the account is in the cache as the server sent it, at `at`.
    case synced(ReplicaStatus)
    /// Not read (offline, refused, a wrong key): the replica stays as it was.
    case failed(Failure)
}
