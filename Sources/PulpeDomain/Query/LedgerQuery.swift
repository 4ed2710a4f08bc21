/// A question asked of the whole account (issue 61): terms joined by « and » (side by side) and
/// `or`, each one possibly negated with `not:` — `migros amt:>20 date:2024..2026`,
/// `tag:vacances or tag:voyage`, `not:checked:yes kind:expense`. One grammar for `pulpe query`
/// and the TUI's filter (`QueryParser`); `docs/query.md` has the reference and examples.
public indirect enum LedgerQuery: Sendable, Hashable {
    /// Every transaction (an empty query).
    case all
    case term(QueryTerm)
    case not(LedgerQuery)
    /// Every part holds.
    case and([LedgerQuery])
    /// One part holds.
    case or([LedgerQuery])

    /// Whether `row` answers the question.
    public func matches(_ row: QueryRow) -> Bool {
        switch self {
        case .all: true
        case let .term(term): term.matches(row)
        case let .not(query): !query.matches(row)
        case let .and(parts): parts.allSatisfy { $0.matches(row) }
        case let .or(parts): parts.contains { $0.matches(row) }
        }
    }

    /// The rows that answer, in the order given.
    public func filter(_ rows: [QueryRow]) -> [QueryRow] {
        if case .all = self { return rows }
        return rows.filter(matches)
    }
}
