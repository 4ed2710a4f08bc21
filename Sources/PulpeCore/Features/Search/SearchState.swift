import PulpeDomain

/// `S`: a search across every month (decision 49), over the panels. The text is typed, `Entrée`
/// asks (every cached month, and the server when it may be asked), the hits come grouped by
/// month; `↑` `↓` pick one and `Entrée` opens its month with it selected.
public struct SearchState: Hashable, Sendable {
    /// Why `Entrée` asked nothing.
    public enum Problem: Hashable, Sendable {
        /// The server takes 2 to 100 characters (docs/contract.md §14.5); the cache follows the same rule.
        case tooShort
    }

    public static let minimumLength = 2

    public var query = TextField(maxLength: 100)
    /// The text last asked for: `Entrée` again on the same text opens the highlighted hit.
    public private(set) var asked: String?
    /// Nil until something is asked; `.loading` while the answer comes.
    public private(set) var results: Loadable<SearchResults>?
    /// The highlighted hit (an index into `hits`).
    public private(set) var cursor = 0
    public var problem: Problem?

    public init() {}

    /// The hits shown, newest month first.
    public var hits: [SearchHit] { results?.value?.hits ?? [] }

    public var isSearching: Bool { results == .loading }

    /// The highlighted hit, if any.
    public var selected: SearchHit? { hits.indices.contains(cursor) ? hits[cursor] : nil }

    /// The text as it would be asked for.
    var trimmedQuery: String { query.text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// `Entrée` opens the highlighted hit (rather than asking again) when the text is the one
    /// the shown hits answer.
    var enterOpens: Bool {
        guard case .loaded? = results, asked == trimmedQuery else { return false }
        return selected != nil
    }

    /// Asks for the typed text; false (and a problem to show) when it is too short.
    mutating func ask() -> String? {
        let text = trimmedQuery
        guard text.count >= Self.minimumLength else {
            problem = .tooShort
            return nil
        }
        problem = nil
        asked = text
        results = .loading
        cursor = 0
        return text
    }

    /// The answer to `query`, if it is still the one asked for.
    mutating func answer(_ found: SearchResults, for query: String) {
        guard asked == query, isSearching else { return }
        results = .loaded(found)
        cursor = 0
    }

    mutating func move(by delta: Int) {
        guard !hits.isEmpty else { return }
        cursor = min(max(0, cursor + delta), hits.count - 1)
    }

    mutating func type(_ edit: TextEdit) {
        query.apply(edit)
        problem = nil
    }
}
