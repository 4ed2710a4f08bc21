import PulpeDomain

extension BrowseState {
    /// The first transaction row shown.
    public var scroll: Int { list.viewport.offset }

    /// The shown month's details as the server sent them, when loaded and with a budget.
    public var serverDetails: BudgetDetails? {
        guard case let .loaded(fetched) = months[month], case let .budget(details) = fetched.value else { return nil }
        return details
    }

    /// The shown month is a preview (`BudgetDetails.preview`): its first rows and figures, the rest
    /// still being read from the cache. Keys wait for it (`Core.update`).
    public var showsPreview: Bool { serverDetails?.preview != nil }

    /// The shown month's details with the expenses still in the outbox, as the panel shows them.
    public var shownDetails: BudgetDetails? {
        pending.merged ?? serverDetails
    }

    /// The prévisions the table lists, in its order (income, expenses, savings): all of them, or
    /// those a `/` query with fields keeps (`TransactionFilter.matchingLines`, issue 63). The line
    /// cursor walks this order.
    public var shownLineOrder: [Int] {
        guard let details = shownDetails else { return [] }
        return list.rows.filter.matchingLines(details, order: details.lineIndicesInGroupOrder, tagNames: tagNames)
    }

    /// Brings the pending rows in line with the outbox (only when the month, its data or the
    /// outbox changed).
    public mutating func applyPending(_ outbox: OutboxSnapshot, recentlySent: [PendingExpense] = []) {
        monthMakers = outbox.monthMakers
        pending.update(month: month, details: serverDetails, outbox: outbox, recentlySent: recentlySent)
    }

    /// Brings the transaction list in line with the shown month, its data, the filter and what fits on a
    /// terminal of `size`. The core calls it after every message; a state assembled by hand (tests,
    /// bench) calls it once before being drawn.
    /// `timeZone`: the day each transaction is dated in, for the month's trajectory.
    public mutating func layOutList(in size: Size, timeZone: LocalZone = .utc) {
        let details = shownDetails
        let rows = details.map { MainScreenLayout.transactionRows(at: size, focus: focus, lineCount: $0.budgetLines.count) } ?? 0
        // The query language reads its periods against today and the pay day (`pulpe query`'s rows);
        // made only while something is typed: this runs after every message.
        let context = filter.text.isEmpty ? nil
            : QueryContext(today: today, payDay: settings.payDayOfMonth, month: month, pending: Set(pending.states.keys))
        list.update(month: month, details: details, query: filter.text, uncheckedOnly: onlyToCheck, tagNames: tagNames,
                    context: context, visibleRows: rows)
        trajectory.update(month: month, details: details, today: today, payDay: settings.payDayOfMonth, timeZone: timeZone)
        if selectionToFind != nil { findSelection() }
    }

    /// Selects `selectionToFind` in the shown month once its details are here: the transaction's
    /// row, or the prévision in the Prévisions list; forgotten if the month has neither.
    private mutating func findSelection() {
        guard let id = selectionToFind, let state = months[month] else { return }
        switch state {
        case .loading: return
        case .failed:
            selectionToFind = nil
            return
        case .loaded: if showsPreview { return }
        }
        selectionToFind = nil
        guard let details = shownDetails else { return }
        if let row = (0..<list.rows.count).first(where: { details.transactions[list.rows[$0]].id == id }) {
            list.select(row)
        } else if let index = details.budgetLines.firstIndex(where: { $0.id == id }),
                  let position = shownLineOrder.firstIndex(of: index) {
            lineCursor = position
        }
    }
}
