import PulpeDomain

/// The TUI's side of the account replica (decision 81): whether a read of the whole account runs,
/// when the last one started, and what the last complete one kept.
public struct ReplicaSync: Hashable, Sendable {
    /// A read is on its way: never two at once.
    public var running = false
    /// When the last read was asked (nil: not yet in this run, or `r` asked for a new one).
    public var lastStarted: AppTime?
    /// `r` asked: the next read goes to the server whatever the replica's age.
    public var refreshAsked = false
    /// The last complete read seen in this run.
    public var status: ReplicaStatus?
    /// The account's tags as the replica holds them: read from the cache once the first month is
    /// shown, and with every read of the account. A row names its tags by them.
    public var tags: [Tag] = []
    /// The savings goals as the replica holds them (read with the tags): a saving prévision's
    /// form offers them.
    public var savingsGoals: [SavingsGoal] = []
    /// The cached tags were asked for in this run.
    public var tagsAsked = false

    public init() {}
}
