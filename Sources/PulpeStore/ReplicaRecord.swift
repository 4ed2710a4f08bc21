/// The account replica's last complete read (decision 81): how many months the export held, every
/// one of them then in the cache. Its entry's `fetchedAt` says when; `pulpe status --json`,
/// `pulpe config` and the TUI's status line show it.
public struct ReplicaRecord: Sendable, Hashable, Codable {
    public var months: Int
    /// The export's `ExportDigest` (its body without `exportDate`): an equal one next time means
    /// nothing changed, so nothing is decoded or written. Nil in records kept before it.
    public var digest: String?

    public init(months: Int, digest: String? = nil) {
        self.months = months
        self.digest = digest
    }
}
