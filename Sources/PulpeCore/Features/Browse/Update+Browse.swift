import PulpeDomain

extension Core {
    /// `Entrée` on the panels, every meaning in one place: with a refusal on the status line, the
    /// pending list; on a month without a budget, its creation; on a selected prévision or
    /// transaction, its edit; on the year grid, the month; on the month, its first row selected.
    static func enter(_ state: inout AppState) -> [Effect] {
        if case .refused? = state.status.current?.kind { return outboxAction(&state, .showPending) }
        guard let home = state.shownHome, var browse = home.browse else { return [] }
        if browse.focus == .month {
            if browse.showsNoBudget { return createShownBudget(&state) }
            if browse.lineCursor != nil { return editSelectedLine(&state) }
            if browse.list.cursor != nil { return editSelectedTransaction(&state) }
            // Into the transactions, the first row shown highlighted.
            browse.list.select(browse.list.viewport.offset)
            return updateBrowse(&state, browse, effects: [])
        }
        browse.focus = .month
        let effects = show(month: BudgetMonth(year: browse.year, month: browse.selectedMonthInYear), in: &browse)
        return updateBrowse(&state, browse, effects: effects)
    }

    /// Keys of the month and year panels.
    static func browse(_ state: inout AppState, _ action: BrowseAction) -> [Effect] {
        guard var browse = state.shownHome?.browse else { return [] }
        var effects: [Effect] = []
        switch action {
        case .previousMonth, .nextMonth:
            if browse.focus == .year {
                browse.year += action == .nextMonth ? 1 : -1
                effects += request(year: browse.year, in: &browse)
            } else {
                effects += show(month: action == .nextMonth ? browse.month.next : browse.month.previous, in: &browse)
            }
        case .moveLeft, .moveRight:
            if browse.focus == .year {
                browse.selectedMonthInYear = min(12, max(1, browse.selectedMonthInYear + (action == .moveRight ? 1 : -1)))
            } else {
                effects += show(month: action == .moveRight ? browse.month.next : browse.month.previous, in: &browse)
            }
        case .currentPeriod:
            browse.year = browse.currentMonth.year
            browse.selectedMonthInYear = browse.currentMonth.month
            effects += show(month: browse.currentMonth, in: &browse)
            effects += request(year: browse.year, in: &browse)
        case .switchPanel:
            // With a row selected, `Tab` moves between the Transactions and the Prévisions.
            if browse.list.cursor != nil, let lines = browse.shownDetails?.budgetLines, !lines.isEmpty {
                browse.list.select(nil)
                browse.lineCursor = 0
                break
            }
            if browse.lineCursor != nil {
                browse.lineCursor = nil
                browse.list.select(browse.list.viewport.offset)
                break
            }
            browse.list.select(nil)
            browse.focus = browse.focus == .month ? .year : .month
            if browse.focus == .year, browse.year == browse.month.year { browse.selectedMonthInYear = browse.month.month }
        case .moveUp: move(.up, in: &browse)
        case .moveDown: move(.down, in: &browse)
        case .pageUp: move(.pageUp, in: &browse)
        case .pageDown: move(.pageDown, in: &browse)
        case .moveToTop: move(.top, in: &browse)
        case .moveToBottom: move(.bottom, in: &browse)
        case .startFilter:
            guard browse.focus == .month else { return [] }
            browse.isFiltering = true
        case .endFilter:
            browse.isFiltering = false
        case .clearFilter:
            // `Échap` leaves the selection first, then the filter.
            if browse.lineCursor != nil {
                browse.lineCursor = nil
                break
            }
            if browse.list.cursor != nil, !browse.isFiltering {
                browse.list.select(nil)
                break
            }
            browse.isFiltering = false
            browse.filter.apply(.clear)
            browse.list.scroll(to: 0)
        case .togglePrivacy:
            browse.isPrivate.toggle()
        case .toggleToCheck:
            guard browse.focus == .month else { return [] }
            browse.onlyToCheck.toggle()
            browse.list.scroll(to: 0)
            if browse.list.cursor != nil { browse.list.select(0) }
        case .refresh, .addLine, .nextTemplate, .openSelectedMonth, .planMonths:
            // Not the panels' own: `browseAction` sends them to their reducers (`Entrée`: `enter`).
            return []
        }
        return updateBrowse(&state, browse, effects: effects)
    }

    /// The panels as a key left them, and « Chargement du mois… » when it asked for a month not held.
    private static func updateBrowse(_ state: inout AppState, _ browse: BrowseState, effects: [Effect]) -> [Effect] {
        guard var home = state.shownHome else { return effects }
        home.browse = browse
        state.home = home
        if effects.contains(where: { if case .budgets(.loadMonth) = $0 { true } else { false } }),
           browse.months[browse.month]?.isLoaded != true {
            postStatus(&state, .loadingMonth)
        }
        return effects
    }

    /// Keeps the shown month's list in line with the state after any message: its rows (refiltered only
    /// when the month, its data or the filter changed) and its viewport at the terminal's size.
    static func layOutList(_ state: inout AppState) {
        let size = state.terminalSize
        var outbox = state.writes.outbox
        outbox.changes = state.writes.recentlyDone + outbox.changes
        let recent = state.writes.recentlySent
        let zone = state.timeZone
        _ = modifyBrowse(&state) { browse in
            browse.applyPending(outbox, recentlySent: recent)
            browse.layOutList(in: size, timeZone: zone)
        }
    }

    /// Text typed into the filter.
    static func filterTyped(_ state: inout AppState, _ edit: TextEdit) -> [Effect] {
        _ = modifyBrowse(&state) { browse in
            guard browse.isFiltering else { return }
            browse.filter.apply(edit)
            browse.list.scroll(to: 0)
        }
        return []
    }

    /// Shows `month`, fetching it if unknown, and prefetches its neighbours so `[` `]` are instant.
    static func show(month: BudgetMonth, in browse: inout BrowseState) -> [Effect] {
        browse.month = month
        browse.list.select(nil)
        browse.lineCursor = nil
        browse.list.scroll(to: 0)
        var effects: [Effect] = []
        if browse.needsFetch(month) {
            browse.months[month] = .loading
            effects.append(.budgets(.loadMonth(month)))
        }
        for neighbour in [month.previous, month.next] where browse.needsFetch(neighbour) {
            browse.months[neighbour] = .loading
            effects.append(.budgets(.loadMonth(neighbour)))
        }
        if browse.year != month.year {
            browse.year = month.year
            effects += request(year: month.year, in: &browse)
        }
        browse.selectedMonthInYear = month.month
        return effects
    }

    private static func request(year: Int, in browse: inout BrowseState) -> [Effect] {
        guard browse.years[year] == nil else { return [] }
        browse.years[year] = .loading
        return [.budgets(.loadYear(year))]
    }

    /// The movement keys, apart from the other browse actions: each switch below lists them all.
    private enum Movement {
        case up, down, pageUp, pageDown, top, bottom
    }

    /// Scrolls the transactions (month panel) or moves the selection (year grid: ↑↓ a row of 4).
    private static func move(_ movement: Movement, in browse: inout BrowseState) {
        if browse.focus == .year {
            let step = switch movement {
            case .up: -4
            case .down: 4
            case .pageUp, .top: -12
            case .pageDown, .bottom: 12
            }
            browse.selectedMonthInYear = min(12, max(1, browse.selectedMonthInYear + step))
            return
        }
        // The viewport the core laid out for the terminal's size: exactly what the screen shows.
        let viewport = browse.list.viewport
        if let line = browse.lineCursor {
            let count = browse.shownLineOrder.count
            let moved = switch movement {
            case .up: line - 1
            case .down: line + 1
            case .pageUp: line - 5
            case .pageDown: line + 5
            case .top: 0
            case .bottom: count - 1
            }
            browse.lineCursor = count == 0 ? nil : min(max(0, moved), count - 1)
            return
        }
        if let cursor = browse.list.cursor {
            // In the list: the highlight moves, the view follows it.
            switch movement {
            case .up: browse.list.select(cursor - 1)
            case .down: browse.list.select(cursor + 1)
            case .pageUp: browse.list.select(cursor - viewport.pageStep)
            case .pageDown: browse.list.select(cursor + viewport.pageStep)
            case .top: browse.list.select(0)
            case .bottom: browse.list.select(Int.max / 2)
            }
            return
        }
        switch movement {
        case .up: browse.list.scroll(to: viewport.offset - 1)
        case .down: browse.list.scroll(to: viewport.offset + 1)
        case .pageUp: browse.list.scroll(to: viewport.offset - viewport.pageStep)
        case .pageDown: browse.list.scroll(to: viewport.offset + viewport.pageStep)
        case .top: browse.list.scroll(to: 0)
        case .bottom: browse.list.scroll(to: viewport.lastOffset)
        }
    }
}
