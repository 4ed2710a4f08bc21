import PulpeCore
import PulpeDomain

/// How a sync ended.
public struct SyncReport: Sendable, Hashable {
    public var sent: [String]
    public var refused: [String]
    /// Items left queued, and why the sync stopped early (nil: nothing was due or all went).
    public var remaining: Int
    public var stoppedBy: Failure?

    public init(sent: [String] = [], refused: [String] = [], remaining: Int = 0, stoppedBy: Failure? = nil) {
        self.sent = sent
        self.refused = refused
        self.remaining = remaining
        self.stoppedBy = stoppedBy
    }
}
