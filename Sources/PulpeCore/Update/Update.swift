/// The one place where the app's state changes: `update(&state, msg) -> [Effect]`.
///
/// Pure: no clock, no I/O. Time arrives in messages, randomness comes from the seeded generator
/// in the state, and every side effect is returned as an `Effect` for the runtime to run. That is
/// what makes every transition testable.
public enum Core {
    /// `handledAt` is when the runtime hands the message over. A key press carries no time, and
    /// an answer posted a while ago carries its own; without this, the core's « now » could lag
    /// behind the clock, and a timer it re-arms (`after: deadline - now`) would fire that lag late.
    public static func update(_ state: inout AppState, _ msg: Msg, handledAt: AppTime? = nil) -> [Effect] {
        if state.isQuitting { return [] }
        // A huge month's preview is on screen for the moment its rows take to read: a key waits
        // for them (quitting does not).
        if msg.isKeyPress, msg != .action(.app(.quit)), state.shownHome?.browse?.showsPreview == true {
            state.heldKeys.append(msg)
            return []
        }
        var effects = handle(&state, msg, handledAt: handledAt)
        if !state.heldKeys.isEmpty, state.shownHome?.browse?.showsPreview != true {
            let held = state.heldKeys
            state.heldKeys = []
            for key in held { effects += update(&state, key, handledAt: handledAt) }
        }
        return effects
    }

    private static func handle(_ state: inout AppState, _ msg: Msg, handledAt: AppTime?) -> [Effect] {
        if let time = msg.time, time > state.now { state.now = time }
        if let handledAt, handledAt > state.now { state.now = handledAt }
        let statusBefore = state.status
        var effects = msg.saysKeyChanged ? keyRefused(&state) : dispatch(&state, msg)
        // Only a key press is activity: timers, answers and redraws never keep the data open.
        if msg.isKeyPress { effects += noteActivity(&state) }
        // Fail-closed (decision 35): until the status check says available, and during maintenance,
        // loads read the cache and nothing else reaches the API — whichever transition asked.
        if !state.service.allowsRequests {
            effects = effects.compactMap { $0.throughClosedGate() }
        } else if state.startup.checksTheKey {
            effects = effects.compactMap { $0.whileTheKeyIsChecked() }
        }
        // Whatever changed (size, month, data, filter, focus), the list's rows and viewport follow now,
        // so the next key scrolls what the next frame shows.
        layOutList(&state)
        // The home screen's one slot goes with the last place that referred to it (sign-out,
        // another user's start-up): a month left behind is neither kept in memory nor shown again.
        if !state.refersToHome { state.home = nil }
        if state.status != statusBefore, !state.isQuitting {
            effects += syncStatusTimer(&state)
        }
        return effects
    }

    private static func dispatch(_ state: inout AppState, _ msg: Msg) -> [Effect] {
        switch msg {
        case let .started(at, size):
            state.terminalSize = size
            return start(&state, at: at)
        case let .resized(size):
            state.terminalSize = size
            return []
        case let .interrupted(signal):
            return quit(&state, exitCode: signal.exitCode)
        case let .timerFired(token, at):
            guard state.timers.consume(token) else { return [] }
            return timerFired(&state, token.id, at: at)
        case let .action(action):
            return perform(&state, action)
        case let .text(edit):
            return typed(&state, edit)
        case .unboundKey:
            if case .splash = state.screen, state.overlay == nil { return skipSplash(&state) }
            return []
        case let .availability(event):
            return availabilityEvent(&state, event)
        case let .session(event):
            return sessionEvent(&state, event)
        case let .budgets(event):
            return budgetEvent(&state, event)
        case let .outbox(event):
            return outboxMessage(&state, event)
        }
    }

    /// The status check's answer, and the two signals followed wherever the user is.
    private static func availabilityEvent(_ state: inout AppState, _ event: AvailabilityEvent) -> [Effect] {
        switch event {
        case let .serviceChecked(outcome, at):
            return serviceChecked(&state, outcome, at: at)
        case let .maintenanceDetected(message, at):
            return maintenanceDetected(&state, message: message, at: at)
        case let .connectivityChanged(offline):
            // In maintenance the re-check's answers reach the server but the data does not: the
            // cache browsed meanwhile stays marked offline until maintenance ends.
            if offline || state.service != .maintenance { state.isOffline = offline }
            if offline { return [] }
            // Browsing the cache because the check could not reach the server: check again now.
            if state.service == .unreachable, homeOnScreen(state) != nil { return recheckService(&state) }
            // The server answers again: what waits goes now (docs/product.md §4), not at the next retry.
            return outboxReachable(&state)
        }
    }

    private static func sessionEvent(_ state: inout AppState, _ event: SessionEvent) -> [Effect] {
        switch event {
        case let .sessionRestored(summary, at):
            return sessionRestored(&state, summary, at: at)
        case .savedSessionUnreadable:
            state.savedSessionUnreadable = true
            return []
        case let .loginFinished(outcome, at):
            return loginFinished(&state, outcome, at: at)
        case let .unlockFinished(outcome, at):
            return unlockFinished(&state, outcome, at: at)
        case let .offlineDataChecked(summary):
            return offlineDataChecked(&state, summary)
        case .savedSessionRead:
            // The shell's `pending` asks for it; the TUI restores the session with the server.
            return []
        }
    }

    private static func budgetEvent(_ state: inout AppState, _ event: BudgetEvent) -> [Effect] {
        switch event {
        case let .settingsLoaded(outcome, at):
            let effects = settingsLoaded(&state, outcome, at: at)
            guard case .failed = outcome else { return effects }
            return effects + restoreAfterTheCache(&state)
        case let .monthLoaded(month, outcome, _):
            // The account's read is asked before the month's own news is posted: « Mis à jour à »
            // then says the month, and the read's start gives way to it (its end is said).
            let replica = afterTheShownMonth(&state, month, outcome)
            return monthLoaded(&state, month, outcome) + restoreAfterTheCache(&state) + replica + cachedTags(&state)
                + openRecapIfReady(&state)
        case let .yearLoaded(year, outcome, _):
            return yearLoaded(&state, year, outcome) + restoreAfterTheCache(&state)
        case let .searchFinished(query, found, _):
            return searchFinished(&state, query: query, found)
        case let .templatesLoaded(previews, _):
            return templatesLoaded(&state, previews)
        case let .accountSynced(outcome, _):
            return accountSynced(&state, outcome)
        case let .accountRead(months, _, _):
            // The « Rapports » screen asks; so do the shell's export and query.
            reportsRead(&state, months)
            return []
        case let .recapSeenLoaded(seen, _):
            return recapSeenLoaded(&state, seen)
        case .importRulesLoaded, .importRulesSaved:
            // `pulpe import rules` asks; the TUI never does.
            return []
        case let .tagsLoaded(tags, _):
            if let tags { tagsKnown(&state, tags) }
            return []
        case let .statementRead(path, result, _):
            return statementRead(&state, path: path, result)
        case let .savingsGoalsLoaded(goals, _):
            if let goals { state.replica.savingsGoals = goals }
            return []
        case let .tagHistoryLoaded(history, fromServer, _):
            return tagHistoryLoaded(&state, history, fromServer: fromServer)
        }
    }

    /// An action goes to its feature's reducer: the key table's scope already chose which.
    private static func perform(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case let .app(action): appAction(&state, action)
        case let .startup(action): startupAction(&state, action)
        case let .login(action): loginAction(&state, action)
        case let .pin(action): pinAction(&state, action)
        case let .browse(action): browseAction(&state, action)
        case let .gesture(action): gesture(&state, action)
        case .quickAdd(.open): openQuickAdd(&state)
        case let .quickAdd(action): quickAddAction(&state, action)
        case .search(.open): openSearch(&state)
        case let .search(action): searchKey(&state, action)
        case let .reconcile(action): reconcileAction(&state, action)
        case let .tagChart(action): tagChartAction(&state, action)
        case let .reports(action): reportsAction(&state, action)
        case let .templates(action): templatesAction(&state, action)
        case let .settings(action): settingsAction(&state, action)
        case let .tags(action): tagsAction(&state, action)
        case let .importStatement(action): importAction(&state, action)
        case let .outbox(action): outboxAction(&state, action)
        case let .confirm(answer): confirmed(&state, yes: answer == .yes)
        }
    }

    private static func appAction(_ state: inout AppState, _ action: AppAction) -> [Effect] {
        switch action {
        case .quit:
            return quitAsked(&state)
        case .showHelp:
            state.overlay = .help
            return []
        case .closeOverlay:
            state.overlay = nil
            return []
        case .redraw:
            return [.redrawAll]
        case .lockNow:
            return lockNow(&state)
        case .signOut:
            return signOutAsked(&state)
        }
    }

    private static func startupAction(_ state: inout AppState, _ action: StartupAction) -> [Effect] {
        switch action {
        case .skipSplash: skipSplash(&state)
        case .retry: retry(&state)
        case .continueOffline: continueOffline(&state)
        }
    }

    /// The panels' keys; `Entrée` on the month panel acts on what is selected.
    private static func browseAction(_ state: inout AppState, _ action: BrowseAction) -> [Effect] {
        switch action {
        case .refresh:
            return refreshHome(&state)
        case .addLine:
            return openNewLine(&state)
        case .nextTemplate:
            return nextTemplate(&state)
        case .planMonths:
            return planShownMonths(&state)
        case .openSelectedMonth:
            return enter(&state)
        case .previousMonth, .nextMonth, .currentPeriod, .switchPanel, .moveLeft, .moveRight, .moveUp, .moveDown, .pageUp,
             .pageDown, .moveToTop, .moveToBottom, .startFilter, .endFilter, .clearFilter, .togglePrivacy, .toggleToCheck:
            return browse(&state, action)
        }
    }

    static func quit(_ state: inout AppState, exitCode: Int32) -> [Effect] {
        state.isQuitting = true
        return [.quit(exitCode: exitCode)]
    }

    /// Re-arms the status line's timer at its next deadline (or cancels it).
    private static func syncStatusTimer(_ state: inout AppState) -> [Effect] {
        guard let deadline = state.status.nextDeadline() else {
            state.timers.cancel(.statusLine)
            return []
        }
        let token = state.timers.arm(.statusLine)
        return [.schedule(token, after: max(.zero, deadline - state.now))]
    }

    static func postStatus(_ state: inout AppState, _ kind: StatusEntry.Kind) {
        state.status.post(StatusEntry(kind), now: state.now)
    }
}

extension Msg {
    /// The time a message carries, if any: the core's notion of « now » moves with it.
    var time: AppTime? {
        switch self {
        case let .started(at, _), let .timerFired(_, at): at
        case let .availability(event): event.time
        case let .session(event): event.time
        case let .budgets(event): event.time
        case let .outbox(event): event.time
        case .action, .text, .unboundKey, .resized, .interrupted: nil
        }
    }
}
