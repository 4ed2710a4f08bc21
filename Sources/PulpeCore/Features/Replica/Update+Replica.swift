import PulpeDomain

extension Core {
    /// How often the whole account is read again while the app runs.
    static let replicaInterval: Duration = .seconds(15 * 60)

    /// The shown month's answer from the server starts the account's read behind it: at start,
    /// after an unlock, on `r`. After, not beside: the export is as heavy as every month at once,
    /// and the month the user waits for is asked alone first (a 100 000-row month's `/details`
    /// and the export of it, side by side, took a debug server past the client's timeout).
    static func afterTheShownMonth(_ state: inout AppState, _ month: BudgetMonth, _ outcome: FetchOutcome<MonthContent>) -> [Effect] {
        guard case let .fetched(fetched) = outcome, !fetched.fromCache, !fetched.isPreview,
              homeOnScreen(state)?.browse?.month == month else { return [] }
        return syncAccountIfDue(&state)
    }

    /// The whole account read in the background (`GET /budgets/export`, decision 81): after the shown
    /// month's answer, again on `r` (which clears `lastStarted`) and every `replicaInterval`. One
    /// at a time, only through the open gate, never on the input path: the runner reads and
    /// stores it while keys and paints go on.
    static func syncAccountIfDue(_ state: inout AppState) -> [Effect] {
        guard state.service.allowsRequests, !state.isOffline, !state.replica.running, state.session != nil else { return [] }
        if let last = state.replica.lastStarted, state.now - last < replicaInterval { return [] }
        // The first read of this run keeps a replica another pulpe read within the interval;
        // `r` and the timer read the account whatever its age.
        let limit = state.replica.lastStarted == nil && !state.replica.refreshAsked ? replicaInterval : nil
        state.replica.running = true
        state.replica.refreshAsked = false
        state.replica.lastStarted = state.now
        postStatus(&state, .syncingAccount)
        return [.budgets(.syncAccount(ifOlderThan: limit))]
    }

    /// The tags the replica holds, read once the first month is shown (the rows name them).
    static func cachedTags(_ state: inout AppState) -> [Effect] {
        guard !state.replica.tagsAsked, state.session != nil else { return [] }
        state.replica.tagsAsked = true
        return [.budgets(.loadTags(askServer: false)), .budgets(.loadSavingsGoals(askServer: false))]
    }

    /// The account's tags as now known: the rows name them, the filter's `#` words find them.
    static func tagsKnown(_ state: inout AppState, _ tags: [Tag]) {
        state.replica.tags = tags
        let names = Dictionary(tags.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        _ = modifyHome(&state) { home in home.browse?.tagNames = names }
        if state.resumeScreen == .home { state.home?.browse?.tagNames = names }
    }

    /// The read ended: what it kept is said (a failure is not — the replica stays as it was, and
    /// the month on screen has its own status); the next one in `replicaInterval`.
    static func accountSynced(_ state: inout AppState, _ outcome: ReplicaOutcome) -> [Effect] {
        state.replica.running = false
        if case let .synced(status) = outcome {
            state.replica.status = status
            tagsKnown(&state, status.tags)
            state.replica.savingsGoals = status.savingsGoals
            postStatus(&state, .accountSynced(months: status.months, at: status.at))
        }
        return [.schedule(state.timers.arm(.accountSync), after: replicaInterval)]
    }
}
