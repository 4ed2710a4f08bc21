import PulpeDomain

/// `pulpe tag list` and the tags `pulpe month --json` names: the saved session (whose account),
/// then the account's tags as the replica keeps them — the cache alone, offline too (every read of
/// the account and every tag sent refresh it).
public struct TagsFlow: HeadlessFlow {
    public enum Outcome: Sendable, Hashable {
        /// The tags, in the server's order (empty: none known).
        case listed([Tag])
        case notSignedIn
    }

    public private(set) var outcome: Outcome?
    /// The cache only: the gate stays closed.
    public var allowsRequests: Bool { false }

    public init() {}

    public mutating func start() -> [Effect] { [.session(.checkOfflineData)] }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        switch msg {
        case let .session(.offlineDataChecked(summary)) where outcome == nil:
            guard summary != nil else {
                outcome = .notSignedIn
                return []
            }
            return [.budgets(.loadTags(askServer: false))]
        case let .budgets(.tagsLoaded(tags, _)) where outcome == nil:
            outcome = .listed(tags ?? [])
            return []
        default:
            return []
        }
    }

    public mutating func finished(_ effect: Effect) -> [Effect] { [] }
}
