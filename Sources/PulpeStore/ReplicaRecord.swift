/// The account replica's last complete read (decision 81): how many months the export held, every
/// one of them then in the cache. Its entry's `fetchedAt` says when; `pulpe status --json`,
/// `pulpe config` and the TUI's status line show it.
public struct ReplicaRecord: Sendable, Hashable, Codable {
    public var months: Int

    public init(months: Int) {
        self.months = months
    }
}
