import PulpeDomain

/// `V`: the « Rapports » screen (issue 61) — opened over the home screen, the replica read once
/// (`readAccount`, the cache only: offline too), the keys choosing the window, the axis and the row.
extension Core {
    static func reportsAction(_ state: inout AppState, _ action: ReportsScreen.Action) -> [Effect] {
        if action == .open {
            guard state.overlay == nil, let home = state.shownHome, home.panel == nil, let browse = home.browse else { return [] }
            state.overlay = .reports(ReportsScreen(end: browse.currentMonth))
            // Summed per prévision, kind and tags: all its figures read (decision 118).
            return [.budgets(.readAccountSummed(whole: AccountSnapshotFlow.touched(by: state.writes.outbox)))]
        }
        guard case var .reports(screen)? = state.overlay else { return [] }
        switch action {
        case .open: return []
        case .widen, .narrow: screen.months = MonthWindows.step(ReportsScreen.windows, from: screen.months, wider: action == .widen)
        case .nextAxis:
            let axes = ReportAxis.allCases
            screen.axis = axes[((axes.firstIndex(of: screen.axis) ?? 0) + 1) % axes.count]
            screen.scroll = 0
        case .moveUp: screen.scroll = max(0, screen.scroll - 1)
        case .moveDown: screen.scroll = min(screen.scroll + 1, max(0, (screen.figures?.reports[screen.axis]?.rows.count ?? 1) - 1))
        }
        state.overlay = .reports(screen)
        return []
    }

    /// The replica read for the open screen: its figures, what waits in the outbox applied.
    static func reportsRead(_ state: inout AppState, _ months: [BudgetDetails]) {
        guard case var .reports(screen)? = state.overlay, screen.figures == nil, let browse = state.shownHome?.browse else { return }
        let currency = state.shownHome?.settings.value?.currency ?? .chf
        var account = AccountSnapshot(months: months, outbox: state.writes.outbox, tags: state.replica.tags,
                                      payDay: browse.settings.payDayOfMonth, today: browse.today, currency: currency,
                                      timeZone: state.timeZone)
        if case let .loaded(previews) = browse.templates { account.template = TemplatePreview.ordered(previews).first }
        screen.figures = ReportsScreen.figures(account, end: screen.end)
        state.overlay = .reports(screen)
    }
}
