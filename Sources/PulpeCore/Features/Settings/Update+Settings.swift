import PulpeDomain

/// `,`: « Réglages » — the settings shown as the server gave them, changed with the arrows, stored
/// with `Entrée` through the outbox (`WriteIntent.settings`, as `pulpe config set`); a new pay day
/// that moves expenses waiting asks first (`PayDayReplan`, worked out from what the outbox holds
/// and the budgets the year lists know).
extension Core {
    static func settingsAction(_ state: inout AppState, _ action: SettingsScreen.Action) -> [Effect] {
        if action == .open {
            guard state.overlay == nil, let home = state.shownHome, home.panel == nil, home.browse != nil,
                  let settings = home.settings.value else { return [] }
            // As they will be once what waits is sent: going back to the server's value is a change too.
            let effective = state.writes.outbox.changes.reduce(settings) { settings, change in
                guard !change.isRefused, case let .updateSettings(waiting) = change.operation else { return settings }
                return waiting.applied(to: settings)
            }
            state.overlay = .settings(SettingsScreen(saved: effective))
            return []
        }
        guard case var .settings(screen)? = state.overlay else { return [] }
        let rows = SettingsScreen.Row.allCases
        switch action {
        case .open:
            return []
        case .moveUp, .moveDown:
            guard screen.moves == nil else { return [] }
            let index = rows.firstIndex(of: screen.row) ?? 0
            screen.row = rows[(index + (action == .moveDown ? 1 : rows.count - 1)) % rows.count]
        case .previousValue, .nextValue:
            guard screen.moves == nil else { return [] }
            let forward = action == .nextValue
            switch screen.row {
            case .payDay: screen.edited.payDayOfMonth = SettingsScreen.payDay(after: screen.edited.payDayOfMonth, forward: forward)
            case .currency: screen.edited.currency = screen.edited.currency == .chf ? .eur : .chf
            case .currencySelector: screen.edited.showCurrencySelector = !(screen.edited.showCurrencySelector ?? false)
            }
        case .submit:
            let change = screen.change
            guard !change.isEmpty else {
                state.overlay = nil
                return []
            }
            if let payDay = change.payDay, screen.moves == nil {
                let moves = replanMoves(state, payDay: payDay)
                if !moves.isEmpty {
                    screen.moves = moves
                    state.overlay = .settings(screen)
                    return []
                }
            }
            state.overlay = nil
            return write(&state, .settings(change, undo: screen.undo))
        case let .confirm(yes):
            guard screen.moves != nil else { return [] }
            guard yes else {
                screen.moves = nil
                state.overlay = .settings(screen)
                return []
            }
            state.overlay = nil
            return write(&state, .settings(screen.change, undo: screen.undo))
        case .cancel:
            if screen.moves != nil {
                screen.moves = nil
            } else {
                state.overlay = nil
                return []
            }
        }
        state.overlay = .settings(screen)
        return []
    }

    /// What a new pay day moves among the expenses waiting, as the outbox will apply it.
    static func replanMoves(_ state: AppState, payDay: Int?) -> [PayDayReplan.Move] {
        // The outbox's own rule (`NetworkOutbox.replanMoves`): what waits to be sent, not a refused one.
        let waiting = state.writes.outbox.items.filter { $0.state == .pending }.map { expense in
            PayDayReplan.Waiting(id: expense.id, label: expense.draft.name, day: expense.draft.date, month: expense.draft.month,
                                 onLine: expense.draft.budgetLineId != nil)
        }
        var budgets: [BudgetMonth: String] = [:]
        let browse = state.shownHome?.browse
        for summary in browse?.years.values.flatMap({ $0.value?.value ?? [] }) ?? [] {
            if let month = summary.budgetMonth { budgets[month] = summary.id }
        }
        for (month, loaded) in browse?.months ?? [:] {
            if case let .budget(details)? = loaded.value?.value { budgets[month] = details.budget.id }
        }
        return PayDayReplan.moves(waiting, payDay: payDay, budgets: budgets)
    }

    /// A settings change sent: the settings read again (the current period may have moved).
    static func settingsSent(_ state: AppState) -> [Effect] {
        state.writes.recentlyDone.contains { if case .updateSettings = $0.operation { true } else { false } } ? [.budgets(.loadSettings)] : []
    }
}
