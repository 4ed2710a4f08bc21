import PulpeDomain

extension Core {
    /// `a`: opens the quick-add form (docs/product.md §2.8) over the month or year panel, online or
    /// offline. Today by default; the names to complete from are those the core already holds.
    static func openQuickAdd(_ state: inout AppState) -> [Effect] {
        guard state.overlay == nil, var home = state.shownHome, var browse = home.browse,
              home.panel == nil, !browse.isFiltering else { return [] }
        // Today in the current period; in another month's, that period's first day (the
        // expense goes on the budget being looked at).
        let day = browse.month == browse.currentMonth ? browse.today
            : PayDayCalendar.period(of: browse.month, payDay: browse.settings.payDayOfMonth).start
        var form = QuickAddForm(date: day, recentNames: recentNames(browse, outbox: state.writes.outbox))
        form.focus = .amount
        form.tags.catalogue = state.replica.tags
        form.lineChoices = lineChoices(browse, month: form.budgetMonth(payDay: browse.settings.payDayOfMonth))
        // Opened with a prévision selected: the expense goes on it (its kind too).
        if let lineCursor = browse.lineCursor, let details = browse.shownDetails {
            let order = browse.shownLineOrder
            if order.indices.contains(lineCursor) {
                let line = details.budgetLines[order[lineCursor]]
                form.line.text = line.name
                form.kind = line.kind
            }
        }
        let effects = requestBudgets(for: form, in: &browse)
        home.browse = browse
        home.quickAdd = form
        state.home = home
        return effects
    }

    /// The expense the form is storing, wherever the home screen is kept (on screen, or waiting
    /// behind maintenance).
    static func quickAddStoring(_ state: AppState) -> PendingExpense? {
        state.shownHome?.quickAdd?.storing ?? (state.resumeScreen == .home ? state.home?.quickAdd?.storing : nil)
    }

    /// The outbox has the expense: `u` can take it back (a later quick-add supersedes the ones
    /// before), it is listed at once, and the form closes.
    static func quickAddStored(_ state: inout AppState, _ expense: PendingExpense) {
        state.writes.undoStack = state.writes.undoStack.map(\.superseded)
        state.writes.undoStack.append(.quickAdd(expense))
        if !state.writes.outbox.items.contains(where: { $0.id == expense.id }) { state.writes.outbox.items.append(expense) }
        modifyQuickAdd(&state) { form in
            if form?.storing?.id == expense.id { form = nil }
        }
    }

    /// The outbox could not store it: the form stays, with what was typed and why.
    static func quickAddNotStored(_ state: inout AppState, _ failure: StoreFailure) {
        modifyQuickAdd(&state) { form in
            guard form?.isStoring == true else { return }
            form?.storing = nil
            form?.problem = .notStored(failure)
        }
    }

    /// The form's keys: fields, kind, date, pointé, Enter, Échap and its confirmation.
    static func quickAddAction(_ state: inout AppState, _ action: QuickAddAction) -> [Effect] {
        guard var home = state.shownHome, var form = home.quickAdd, var browse = home.browse,
              !form.isStoring else { return [] }
        var effects: [Effect] = []
        var pendingCorrected: (id: String, draft: ExpenseDraft)?
        if form.isConfirmingDiscard {
            switch action {
            case .confirmDiscard:
                home.quickAdd = nil
                state.home = home
                return []
            case .keepEditing:
                form.isConfirmingDiscard = false
            case .open, .nextField, .previousField, .submit, .cancel, .previousKind, .nextKind, .previousDay, .nextDay,
                 .toggleChecked, .toggleRecurrence:
                // Only the question's two answers while it is asked.
                return []
            }
        } else {
            switch action {
            case .nextField: form.focusNext()
            case .previousField: form.focusPrevious()
            case .previousKind, .nextKind: form.cycleKind(forward: action == .nextKind)
            case .toggleChecked: form.checked.toggle()
            case .toggleRecurrence: form.recurrence = form.recurrence == .fixed ? .oneOff : .fixed
            case .previousDay, .nextDay:
                form.date = form.date.adding(days: action == .nextDay ? 1 : -1)
                if form.problem?.field == .date { form.problem = nil }
                effects += requestBudgets(for: form, in: &browse)
            case .cancel:
                guard form.hasInput else {
                    home.quickAdd = nil
                    state.home = home
                    return []
                }
                form.isConfirmingDiscard = true
            case .submit where form.editingLine != nil || form.newLineBudget != nil:
                // A prévision: its amount and name, as a patch of what changed (or a new one).
                switch (ExpenseRules.amount(form.amount.text), ExpenseRules.name(form.description.text)) {
                case let (.failure(.amount(problem)), _):
                    form.problem = .amount(problem)
                    form.focus = .amount
                case (.failure, _):
                    form.problem = .amount(.invalid)
                    form.focus = .amount
                case let (_, .failure(problem)):
                    form.problem = QuickAddProblem(name: problem)
                    form.focus = .description
                case let (.success(amount), .success(name)):
                    guard case let .success(tags) = form.tags.validated else {
                        if case let .failure(problem) = form.tags.validated { form.problem = .tags(problem) }
                        form.focus = .tags
                        break
                    }
                    let goal: GoalChoice?
                    switch form.chosenGoal {
                    case let .success(chosen): goal = chosen
                    case let .failure(problem):
                        form.problem = problem
                        form.focus = .goal
                        home.browse = browse
                        home.quickAdd = form
                        state.home = home
                        return effects
                    }
                    home.browse = browse
                    home.quickAdd = nil
                    state.home = home
                    if let line = form.editingLine {
                        return storeLineEdit(&state, line, amount: amount, name: name, kind: form.kind, recurrence: form.recurrence,
                                             tags: form.tags.isChanged ? .set(tags) : nil, goal: goal)
                    }
                    let goalName: String? = if case let .named(named)? = goal { named } else { nil }
                    return storeNewLine(&state, amount: amount, name: name, kind: form.kind, recurrence: form.recurrence, tags: tags,
                                        goal: goalName)
                }
            case .submit:
                switch form.validated(payDay: browse.settings.payDayOfMonth, years: browse.years, creating: state.writes.outbox.monthsBeingCreated) {
                case let .failure(problem):
                    form.problem = problem
                    if let field = problem.field { form.focus = field }
                    effects += requestBudgets(for: form, in: &browse)
                case let .success(draft):
                    form.problem = nil
                    if let original = form.original {
                        // An edit of a transaction the server has: what changed, as operations.
                        home.browse = browse
                        home.quickAdd = nil
                        state.home = home
                        return storeEdit(&state, original: original, draft: draft,
                                         tags: form.tags.isChanged ? .set(form.tags.names) : nil)
                    }
                    if let id = form.editing {
                        // A correction keeps its client id and its place in the queue; the form closes.
                        effects.append(.outbox(.replacePending(id: id, draft, thenSync: maySend(state))))
                        pendingCorrected = (id, draft)
                    } else {
                        // A new expense is one more intent: resolved, then stored like every write.
                        let id = newClientId(&state)
                        let context = WriteContext(month: draft.month, content: .noBudget, timeZone: state.timeZone)
                        guard case let .success(resolved) = WriteResolver.resolve(.addExpense(id: id, draft), in: context) else {
                            return effects
                        }
                        form.storing = PendingExpense(id: id, draft: draft, state: .pending)
                        effects += resolved.done.map { .outbox(.storeChange($0, thenSync: maySend(state))) }
                    }
                }
            case .open, .confirmDiscard, .keepEditing:
                // `a` with the form open, and the question's answers when none is asked.
                return []
            }
        }
        home.browse = browse
        home.quickAdd = pendingCorrected == nil ? form : nil
        state.home = home
        if let (id, draft) = pendingCorrected, let index = state.writes.outbox.items.firstIndex(where: { $0.id == id }) {
            // Shown corrected at once; the outbox's own answer follows.
            state.writes.outbox.items[index] = PendingExpense(id: id, draft: draft, state: .pending)
            state.status.dismissError(now: state.now)
        }
        return effects
    }

    /// Text typed into the form's amount or description.
    static func quickAddTyped(_ state: inout AppState, _ edit: TextEdit) -> [Effect] {
        guard var home = state.shownHome, var form = home.quickAdd,
              !form.isStoring, !form.isConfirmingDiscard else { return [] }
        form.apply(edit)
        home.quickAdd = form
        state.home = home
        return []
    }

    /// The year list that names the budget of the form's date, asked for when it is not held
    /// (a date moved into next year, or a list that failed offline), so Enter can resolve it.
    private static func requestBudgets(for form: QuickAddForm, in browse: inout BrowseState) -> [Effect] {
        let year = form.budgetMonth(payDay: browse.settings.payDayOfMonth).year
        switch browse.years[year] {
        case nil, .failed?:
            browse.years[year] = .loading
            return [.budgets(.loadYear(year))]
        case .loading?, .loaded?:
            return []
        }
    }

    /// The prévisions of `month` the form completes from: the shown month as shown (what waits
    /// applied), another held month as the server gave it.
    static func lineChoices(_ browse: BrowseState, month: BudgetMonth) -> [LineChoice] {
        if month == browse.month, let details = browse.shownDetails { return LineChoice.choices(in: details) }
        if case let .loaded(fetched)? = browse.months[month], case let .budget(details) = fetched.value {
            return LineChoice.choices(in: details)
        }
        return []
    }

    /// Names for completion, newest first: the expenses just added (still in the outbox), then
    /// every transaction of the months held.
    private static func recentNames(_ browse: BrowseState, outbox: OutboxSnapshot) -> RecentNames {
        var transactions: [Transaction] = []
        for case let .loaded(fetched) in browse.months.values {
            if case let .budget(details) = fetched.value { transactions += details.transactions }
        }
        let queued = outbox.items.reversed().map(\.draft.name)
        let held = RecentNames(transactions: transactions).names
        return RecentNames(newestFirst: queued + held)
    }

    /// Changes the form wherever the home screen is: shown, behind the splash, or kept by
    /// maintenance to come back to (the outbox answers even while the server is away).
    private static func modifyQuickAdd(_ state: inout AppState, _ change: (inout QuickAddForm?) -> Void) {
        if modifyHome(&state, { change(&$0.quickAdd) }) { return }
        if state.resumeScreen == .home, state.home != nil { change(&state.home!.quickAdd) }
    }
}

extension Core {
    /// The form filled in with a transaction the server has; saving stores a patch.
    static func editTransaction(_ state: inout AppState, _ transaction: Transaction) -> [Effect] {
        guard var home = state.shownHome, var browse = home.browse, home.quickAdd == nil else { return [] }
        var form = QuickAddForm(date: CalendarDay(transaction.transactionDate, in: state.timeZone),
                                recentNames: recentNames(browse, outbox: state.writes.outbox))
        form.amount.text = "\(transaction.amount)"
        form.description.text = transaction.name
        form.kind = transaction.kind
        form.checked = transaction.isChecked
        form.original = transaction
        form.tags.catalogue = state.replica.tags
        form.tags.fill(ids: transaction.tagIds)
        form.lineChoices = lineChoices(browse, month: browse.month)
        form.line.text = transaction.budgetLineId.flatMap { id in form.lineChoices.first { $0.id == id }?.name } ?? ""
        let effects = requestBudgets(for: form, in: &browse)
        home.browse = browse
        home.quickAdd = form
        state.home = home
        return effects
    }

    /// The pending list's Entrée: the quick-add form filled in with `expense`, saving replaces it.
    static func editPending(_ state: inout AppState, _ expense: PendingExpense) -> [Effect] {
        guard var home = state.shownHome, var browse = home.browse, home.quickAdd == nil else { return [] }
        var form = QuickAddForm(date: expense.draft.date, recentNames: recentNames(browse, outbox: state.writes.outbox))
        form.amount.text = "\(expense.draft.amount)"
        form.description.text = expense.draft.name
        form.kind = expense.draft.kind
        form.checked = expense.draft.checked
        form.editing = expense.id
        form.lineChoices = lineChoices(browse, month: expense.draft.month)
        form.line.text = expense.draft.budgetLineId.flatMap { id in form.lineChoices.first { $0.id == id }?.name } ?? ""
        form.focus = expense.isRefused ? .date : .amount
        let effects = requestBudgets(for: form, in: &browse)
        home.browse = browse
        home.quickAdd = form
        state.home = home
        return effects
    }
}
