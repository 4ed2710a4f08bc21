import PulpeDomain

/// `pulpe tag list` and the tags `pulpe month --json` names: the saved session (whose account),
/// then the account's tags as the replica keeps them — the cache alone, offline too (every read of
/// the account and every tag sent refresh it).
public struct TagsFlow: LocalAccountFlow {
    public enum Outcome: Sendable, Hashable {
        /// The tags, in the server's order (empty: none known).
        case listed([Tag])
        case notSignedIn
    }

    public private(set) var outcome: Outcome?

    public init() {}

    mutating func accountKnown() -> [Effect] { [.budgets(.loadTags(askServer: false))] }

    mutating func noAccount() { outcome = .notSignedIn }

    mutating func handleLocally(_ msg: Msg) -> [Effect] {
        if case let .budgets(.tagsLoaded(tags, _)) = msg, outcome == nil { outcome = .listed(tags ?? []) }
        return []
    }
}
