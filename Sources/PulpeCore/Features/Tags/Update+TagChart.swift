import PulpeDomain

/// `H`: a tag's planned against actual over months (§15.2), as the web charts it — from the
/// selected row's tags (else the tag the filter's `#` word names), over the window ending with
/// the shown month; `←` `→` change the window, `t` the tag.
extension Core {
    static func tagChartAction(_ state: inout AppState, _ action: TagChartAction) -> [Effect] {
        if action == .open {
            guard let browse = state.shownHome?.browse else { return [] }
            let tags = chartTags(state)
            guard !tags.isEmpty else { return [] }
            let chart = TagChart(tags: tags, end: browse.month)
            state.overlay = .tagChart(chart)
            return [chart.load]
        }
        guard case var .tagChart(chart)? = state.overlay else { return [] }
        switch action {
        case .open: return []
        case .widen, .narrow: chart.months = MonthWindows.step(TagHistory.windows, from: chart.months, wider: action == .widen)
        case .nextTag: chart.index = (chart.index + 1) % chart.tags.count
        }
        chart.history = nil
        state.overlay = .tagChart(chart)
        return [chart.load]
    }

    /// The figures of the window still shown (a late answer for another one is dropped).
    static func tagHistoryLoaded(_ state: inout AppState, _ history: TagHistory, fromServer: Bool) -> [Effect] {
        guard case var .tagChart(chart)? = state.overlay, history.tagId == chart.tag.id, history.periods.count == chart.months else {
            return []
        }
        chart.history = history
        chart.fromServer = fromServer
        state.overlay = .tagChart(chart)
        return []
    }

    /// The tags `H` may chart: the selected row's (those the catalogue knows), else those the
    /// filter's `#` words name.
    public static func chartTags(_ state: AppState) -> [Tag] {
        let catalogue = state.replica.tags
        let carried: [String] = switch selectedRow(state) {
        case let .line(line)?: line.tagIds
        case let .transaction(transaction)?: transaction.tagIds
        case nil: []
        }
        let ids = Set(carried.map { $0.lowercased() })
        let onRow = catalogue.filter { ids.contains($0.id.lowercased()) }
        if !onRow.isEmpty { return onRow }
        guard let browse = state.shownHome?.browse else { return [] }
        let filter = TransactionFilter(browse.filter.text)
        guard filter.namesTags else { return [] }
        return catalogue.filter { filter.namesAnyTag($0.name) }
    }
}
