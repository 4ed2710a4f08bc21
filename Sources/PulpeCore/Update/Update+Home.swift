import PulpeDomain

extension Core {
    /// The home screen has just been shown (fresh, from the cache before the check, back from
    /// maintenance, or `r`): fetch its data.
    ///
    /// The settings decide which period is current, so with nothing on screen the month waits for
    /// them (the runner delivers the cached copy first, so that wait is short). When the panels
    /// already show a month, it is asked again at the same time as the settings. While the API
    /// gate is closed all of these read the cache only (decision 35).
    static func homeAppeared(_ state: inout AppState, announce: Bool = false) -> [Effect] {
        var effects: [Effect] = [.budgets(.loadSettings)]
        // What the outbox holds is shown at once, and sent when the data can be (at start, after
        // maintenance, on `r`); offline, it waits for the server to answer again.
        effects.append(.outbox(.loadOutbox))
        if maySend(state) { effects.append(.outbox(.syncOutbox)) }
        var painted = false
        guard modifyHome(&state, { home in
            if home.settings.value == nil { home.settings = .loading }
            guard let browse = home.browse else { return }
            painted = browse.months[browse.month]?.isLoaded == true
            effects += [.budgets(.loadMonth(browse.month)), .budgets(.loadYear(browse.year))]
        }) else { return [] }
        // The user waits for the month; the settings are only the way to it. A month already on
        // screen is not announced as loading (docs/product.md §3): its answer says « Mis à jour à ».
        if announce || !painted { postStatus(&state, .loadingMonth) }
        return effects
    }

    /// The API gate has just opened on a home painted from the cache: every other month and year
    /// that only the cache answered for (the shown month's neighbours, what the user moved to
    /// meanwhile) is asked of the server too, so moving back to it shows the server's copy.
    static func revalidateCachedData(_ state: AppState) -> [Effect] {
        guard let browse = homeOnScreen(state)?.browse else { return [] }
        let months = browse.months.filter { $0.key != browse.month && !isFromServer($0.value) }.keys
            .sorted { ($0.year, $0.month) < ($1.year, $1.month) }
        let years = browse.years.filter { $0.key != browse.year && !isFromServer($0.value) }.keys.sorted()
        return months.map { .budgets(.loadMonth($0)) } + years.map { .budgets(.loadYear($0)) }
    }

    /// The server's own copy is held: not only the cache's, not only asked for.
    private static func isFromServer<Value>(_ loadable: Loadable<Fetched<Value>>) -> Bool {
        if case let .loaded(fetched) = loadable { return !fetched.fromCache }
        return false
    }

    /// `r`: fetch again; what is on screen stays until the new answers arrive, and the line says
    /// the user was heard.
    static func refreshHome(_ state: inout AppState) -> [Effect] {
        guard case .home = state.screen else { return [] }
        state.status.dismissError(now: state.now)
        // Offline since the check could not reach the server: nothing is restored yet, so the
        // start-up's check runs again rather than loads that cannot succeed.
        if state.service == .unreachable { return recheckService(&state) }
        // The whole account is read again with the settings' answer, whenever the last read was.
        state.replica.lastStarted = nil
        state.replica.refreshAsked = true
        // Templates that could not be read are asked again at the next `Entrée`.
        _ = modifyBrowse(&state) { browse in
            if case .unavailable = browse.templates { browse.templates = .unknown }
        }
        return homeAppeared(&state, announce: true)
    }

    static func settingsLoaded(_ state: inout AppState, _ outcome: SettingsOutcome, at now: AppTime) -> [Effect] {
        // The cache had none before the check answered, or while the key is checked: the settings
        // stay « loading » (see below).
        if case .failed = outcome, state.service == .unchecked || state.startup.checksTheKey { return [] }
        switch outcome {
        case let .loaded(settings, today), let .cached(settings, today):
            // The settings' own time is not announced: « Mis à jour à » follows the month.
            var effects: [Effect] = []
            guard modifyHome(&state, { home in
                home.settings = .loaded(settings)
                if let browse = home.browse, browse.settings == settings, browse.today == today { return }
                // First settings, a new pay day or a new day: the current period may have moved.
                var fresh = BrowseState(today: today, settings: settings)
                fresh.isPrivate = home.browse?.isPrivate ?? false
                fresh.months = home.browse?.months ?? [:]
                fresh.years = home.browse?.years ?? [:]
                effects = loadCurrentPeriod(&fresh)
                home.browse = fresh
            }) else { return [] }
            if !effects.isEmpty { postStatus(&state, .loadingMonth) }
            return effects
        case let .failed(error):
            guard modifyHome(&state, { home in
                if home.settings.value == nil { home.settings = .failed(error) }
            }) else { return [] }
            // Maintenance has its own screen; anything else stays on the status line until `r`.
            if error != .maintenance {
                postStatus(&state, .error(error, retry: .browse(.refresh)))
            }
            return []
        }
    }

    /// The current month, its year and the neighbouring months (so `[` and `]` are instant),
    /// asked of the runner; whatever is already held stays shown until the answers arrive.
    private static func loadCurrentPeriod(_ browse: inout BrowseState) -> [Effect] {
        var effects: [Effect] = [.budgets(.loadMonth(browse.month)), .budgets(.loadYear(browse.year))]
        if browse.months[browse.month] == nil { browse.months[browse.month] = .loading }
        if browse.years[browse.year] == nil { browse.years[browse.year] = .loading }
        for neighbour in [browse.month.previous, browse.month.next] where browse.needsFetch(neighbour) {
            browse.months[neighbour] = .loading
            effects.append(.budgets(.loadMonth(neighbour)))
        }
        return effects
    }

    static func monthLoaded(_ state: inout AppState, _ month: BudgetMonth, _ outcome: FetchOutcome<MonthContent>) -> [Effect] {
        if case .failed = outcome {
            // The whole month did not read back after its preview (damage): the preview goes with
            // it, and the keys it held are let go.
            _ = modifyBrowse(&state) { browse in
                if case let .loaded(current)? = browse.months[month], current.isPreview { browse.months[month] = .loading }
            }
        }
        if isCacheMissBeforeTheCheck(state, outcome) { return [] }
        var shown = false
        var serverHas: BudgetDetails?
        defer { if let serverHas { forgetSent(&state, in: serverHas) } }
        guard modifyBrowse(&state, { browse in
            shown = browse.month == month
            switch outcome {
            case let .fetched(fetched):
                // A cached copy never replaces a fresher answer that already arrived.
                if fetched.fromCache, case let .loaded(current)? = browse.months[month], !current.fromCache { return }
                // A preview only fills a month not held yet: it never replaces a whole one.
                if fetched.isPreview, browse.months[month]?.isLoaded == true { return }
                browse.months[month] = .loaded(fetched)
                if !fetched.fromCache, case let .budget(details) = fetched.value { serverHas = details }
            case let .failed(error):
                if browse.months[month]?.isLoaded != true { browse.months[month] = .failed(error) }
            }
        }) else { return [] }
        guard shown else { return [] }
        if case .splash = state.screen, state.afterSplash == .home, case .fetched = outcome {
            // A returning user's month is ready (the cache's copy): it ends the splash, which
            // covers start-up work and must not hold back what they came for (docs/product.md §2.1).
            leave(to: .home, &state)
        }
        if case let .failed(error) = outcome, error.isTransport,
           let home = state.shownHome, case let .loaded(kept)? = home.browse?.months[month] {
            // Offline with data in hand: say how old it is rather than raising an error.
            state.isOffline = true
            postStatus(&state, .cached(at: kept.fetchedAt))
            return []
        }
        reportFetch(&state, outcome)
        return []
    }

    static func yearLoaded(_ state: inout AppState, _ year: Int, _ outcome: FetchOutcome<[BudgetSummary]>) -> [Effect] {
        if isCacheMissBeforeTheCheck(state, outcome) { return [] }
        _ = modifyBrowse(&state) { browse in
            switch outcome {
            case let .fetched(fetched):
                if fetched.fromCache, case let .loaded(current)? = browse.years[year], !current.fromCache { return }
                browse.years[year] = .loaded(fetched)
            case let .failed(error):
                if browse.years[year]?.isLoaded != true { browse.years[year] = .failed(error) }
            }
        }
        return []
    }

    /// Before the status check answers, and while the session's key is checked, only the cache is
    /// read: what it lacks is not a failure, it stays « loading » (placeholders) until the server
    /// may be asked.
    private static func isCacheMissBeforeTheCheck<Value>(_ state: AppState, _ outcome: FetchOutcome<Value>) -> Bool {
        if case .failed = outcome { return state.service == .unchecked || state.startup.checksTheKey }
        return false
    }

    /// The status line after a fetch of the shown month: its age, its freshness, or the error.
    private static func reportFetch(_ state: inout AppState, _ outcome: FetchOutcome<MonthContent>) {
        switch outcome {
        case let .fetched(fetched):
            postStatus(&state, fetched.fromCache ? .cached(at: fetched.fetchedAt) : .updated(at: fetched.fetchedAt))
        case let .failed(error):
            if error != .maintenance {
                postStatus(&state, .error(error, retry: .browse(.refresh)))
            }
        }
    }

    /// Changes the home screen's state, whether it is showing or waiting behind the splash.
    /// Returns false when there is no home screen to change (a stale answer).
    static func modifyHome(_ state: inout AppState, _ change: (inout HomeState) -> Void) -> Bool {
        guard homeOnScreen(state) != nil else { return false }
        change(&state.home!)
        return true
    }

    static func modifyBrowse(_ state: inout AppState, _ change: (inout BrowseState) -> Void) -> Bool {
        var changed = false
        _ = modifyHome(&state) { home in
            guard var browse = home.browse else { return }
            change(&browse)
            home.browse = browse
            changed = true
        }
        return changed
    }
}

extension Loadable {
    var isLoaded: Bool {
        if case .loaded = self { return true }
        return false
    }
}
