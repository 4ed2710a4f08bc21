import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The main screen once the settings are known: the month and year panels (side by side on a
/// large terminal, one at a time otherwise), the status line and the footer.
enum MainView {
    /// Returns the next animation deadline.
    static func draw(_ home: HomeState, browse: BrowseState, state: AppState, now: AppTime, context: ViewContext,
                     into painter: inout Painter) -> AppTime? {
        let bounds = painter.bounds
        let account = home.session.isDemo ? "\(home.session.email) · démo" : home.session.email
        HeaderView.draw(title: "Pulpe", trailing: account, into: &painter)
        let size = Size(width: bounds.width, height: bounds.height)
        let focused: MainPanel = browse.focus == .month ? .month : .year
        let creating = Core.isCreatingBudget(state, browse.month)
        switch MainLayout.panels(for: size, focused: focused) {
        case let .sideBySide(monthRect, yearRect):
            MonthPanelView.draw(monthModel(browse, context: context, focused: browse.focus == .month, creating: creating),
                                in: monthRect, into: &painter)
            YearPanelView.draw(yearModel(browse, focused: browse.focus == .year), in: yearRect, into: &painter)
        case let .single(panel, rect):
            if panel == .month {
                MonthPanelView.draw(monthModel(browse, context: context, focused: true, creating: creating),
                                    in: rect, into: &painter)
            } else {
                YearPanelView.draw(yearModel(browse, focused: true), in: rect, into: &painter)
            }
        }
        let next = StatusLineView.draw(state, now: now, context: context, into: &painter, row: bounds.height - 2)
        if browse.isFiltering {
            FilterLineView.draw(browse.filter.text, into: &painter, row: bounds.height - 1)
        } else {
            FooterView.draw(state, into: &painter, row: bounds.height - 1)
        }
        return next
    }

    static func monthModel(_ browse: BrowseState, context: ViewContext, focused: Bool, creating: Bool = false) -> MonthPanelModel {
        let data: MonthPanelData
        switch browse.months[browse.month] {
        case let .loaded(fetched)?:
            switch fetched.value {
            case let .budget(details): data = .loaded(browse.pending.merged ?? details)
            case .noBudget: data = browse.pending.merged.map { .loaded($0) } ?? .noBudget
            }
        case .loading?, .failed?, nil:
            data = .loading
        }
        var model = MonthPanelModel(month: browse.month, payDay: browse.settings.payDayOfMonth, currency: browse.settings.currency,
                                    timeZone: context.timeZone, data: data, rows: browse.list.rows,
                                    scrollOffset: browse.list.viewport.offset, selectedRow: browse.list.cursor,
                                    isPrivate: browse.isPrivate, isFocused: focused,
                                    pendingStates: browse.pending.states, today: browse.today)
        model.selectedLine = browse.lineCursor
        model.trajectory = browse.trajectory.value
        if browse.list.rows.filter.ledger != nil { model.lineOrder = browse.shownLineOrder }
        // Made once when the tags are known (`Core.tagsKnown`), never per frame.
        model.tagNames = browse.tagNames
        model.isProvisional = browse.showsProvisional
        if browse.showsNoBudget {
            model.offer = BudgetOffer(templates: browse.templates, chosen: browse.templateIndex, isPending: creating)
        }
        return model
    }

    static func yearModel(_ browse: BrowseState, focused: Bool) -> YearPanelModel {
        let data: YearPanelData
        if case let .loaded(fetched)? = browse.years[browse.year] {
            // The months a waiting plan makes are in the grid at once; what waits in the shown
            // month moves the grid and the closing balance with it.
            data = .loaded(BudgetSummary.shifted(OutboxSnapshot.summaries(fetched.value, year: browse.year, makers: browse.monthMakers),
                                                 by: browse.pending.shifts))
        } else {
            data = .loading
        }
        var model = YearPanelModel(year: browse.year, currentMonth: browse.currentMonth, selectedMonth: browse.selectedMonthInYear,
                                   currency: browse.settings.currency, data: data, isPrivate: browse.isPrivate, isFocused: focused)
        if case let .loaded(fetched)? = browse.months[browse.currentMonth], case let .budget(current) = fetched.value {
            let template: TemplatePreview? = if case let .loaded(previews) = browse.templates { TemplatePreview.ordered(previews).first } else { nil }
            model.yearEnd = Forecast.yearEnd(remainingByMonth: model.remainingByMonth, year: browse.year, current: current, today: browse.today,
                                             payDay: browse.settings.payDayOfMonth, template: template)
        }
        return model
    }
}
