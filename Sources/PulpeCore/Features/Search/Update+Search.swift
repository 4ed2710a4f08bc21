import PulpeDomain

/// The search across months (`S`, decision 49): its own state in `HomeState.search`, its keys while
/// it is open, and the jump to a hit's month with the hit selected (`BrowseState.selectionToFind`).
extension Core {
    static func openSearch(_ state: inout AppState) -> [Effect] {
        guard state.overlay == nil else { return [] }
        _ = modifyHome(&state) { home in
            guard home.browse != nil, home.panel == nil else { return }
            home.search = SearchState()
        }
        return []
    }

    /// The keys of the open search.
    static func searchKey(_ state: inout AppState, _ action: SearchAction) -> [Effect] {
        guard state.overlay == nil, var home = state.shownHome, var search = home.search else { return [] }
        var effects: [Effect] = []
        switch action {
        case .close:
            home.search = nil
            state.home = home
            return []
        case .moveUp: search.move(by: -1)
        case .moveDown: search.move(by: 1)
        case .pageUp: search.move(by: -10)
        case .pageDown: search.move(by: 10)
        case .enter:
            if search.enterOpens, let hit = search.selected {
                home.search = nil
                state.home = home
                return openHit(&state, hit)
            }
            // Every month something waits in is searched as its panel shows it (decision 94).
            if let query = search.ask() {
                effects.append(.budgets(.search(query, askServer: true, in: SearchScope(outbox: state.writes.outbox))))
            }
        case .open:
            // `S` with the search open (`perform` sends the first `S` to `openSearch`).
            return []
        }
        home.search = search
        state.home = home
        return effects
    }

    static func searchTyped(_ state: inout AppState, _ edit: TextEdit) -> [Effect] {
        _ = modifyHome(&state) { home in home.search?.type(edit) }
        return []
    }

    /// The answer: the hits (the services applied the outbox as it was asked with), and the
    /// shown month as its panel has it — an expense just sent, not yet in any copy — marked as
    /// the panel marks its rows.
    static func searchFinished(_ state: inout AppState, query: String, _ found: SearchResults) -> [Effect] {
        _ = modifyHome(&state) { home in
            var found = found
            if let browse = home.browse, let shown = browse.pending.merged {
                let waiting = SearchHit.hits(query, in: shown, month: browse.month, tagNames: browse.tagNames).filter { hit in
                    !found.hits.contains { $0.id == hit.id }
                }
                found.hits = SearchHit.merged(found.hits, waiting)
                found.fromCache.formUnion(waiting.map(\.id))
                found.pending.formUnion(found.hits.map(\.id).filter { browse.pending.states[$0] != nil })
            }
            home.search?.answer(found, for: query)
        }
        return []
    }

    /// `Entrée` on a hit: its month, in the month panel, with the hit selected once the month
    /// is shown (the filters set aside, so it is not hidden).
    static func openHit(_ state: inout AppState, _ hit: SearchHit) -> [Effect] {
        var effects: [Effect] = []
        _ = modifyBrowse(&state) { browse in
            browse.focus = .month
            browse.isFiltering = false
            browse.filter.apply(.clear)
            browse.onlyToCheck = false
            effects = show(month: hit.budgetMonth, in: &browse)
            browse.selectionToFind = hit.id
        }
        return effects
    }
}
