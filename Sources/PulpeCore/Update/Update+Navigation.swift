extension Core {
    /// Shows the splash, arms both of its deadlines, and starts the start-up sequence: step 1 is
    /// always the maintenance status check. Beside it, the saved session and the cache are read
    /// from disk (no request), so a returning user whose data needs no PIN sees the cached month
    /// before the check answers (docs/product.md §2.2, decision 35).
    static func start(_ state: inout AppState, at now: AppTime) -> [Effect] {
        state.screen = .splash(SplashState(shownAt: now))
        state.afterSplash = nil
        state.startup = .checkingService
        state.service = .unchecked
        postStatus(&state, .checkingService)
        let minimum = state.timers.arm(.splashMinimum)
        let maximum = state.timers.arm(.splashMaximum)
        return [
            .schedule(minimum, after: SplashPolicy.minimum),
            .schedule(maximum, after: SplashPolicy.maximum),
            .availability(.checkService),
            .session(.checkOfflineData),
        ]
    }

    /// Goes to `screen`, unless the splash is still within its minimum: then the splash leaves
    /// for it as soon as the minimum is over.
    static func show(_ screen: Screen, _ state: inout AppState) {
        if case let .splash(splash) = state.screen, !splash.minimumElapsed {
            state.afterSplash = screen
            return
        }
        leave(to: screen, &state)
    }

    static func leave(to screen: Screen, _ state: inout AppState) {
        if case .splash = state.screen {
            state.timers.cancel(.splashMinimum)
            state.timers.cancel(.splashMaximum)
        }
        state.afterSplash = nil
        state.screen = screen
    }

    /// Any key on the splash: go where start-up decided, or to « Vérification du service… ».
    static func skipSplash(_ state: inout AppState) -> [Effect] {
        guard case .splash = state.screen else { return [] }
        leave(to: state.afterSplash ?? .checking, &state)
        return []
    }

    static func timerFired(_ state: inout AppState, _ id: TimerID, at now: AppTime) -> [Effect] {
        switch id {
        case .splashMinimum:
            guard case var .splash(splash) = state.screen else { return [] }
            if let next = state.afterSplash {
                leave(to: next, &state)
            } else {
                splash.minimumElapsed = true
                state.screen = .splash(splash)
            }
            return []
        case .splashMaximum:
            guard case .splash = state.screen else { return [] }
            leave(to: state.afterSplash ?? .checking, &state)
            return []
        case .statusLine:
            state.status.advance(now: now)
            return []
        case .maintenanceRecheck:
            return automaticMaintenanceCheck(&state)
        case .outboxRetry:
            return retryOutbox(&state)
        case .idleLock:
            return lockNow(&state)
        case .deleteWindow:
            return deleteWindowClosed(&state)
        case .accountSync:
            return syncAccountIfDue(&state)
        case .checkDeadline, .readDeadline, .sendDeadline:
            // The shell's headless flows arm these; the TUI never does.
            return []
        }
    }

    /// The start-up sequence has reached the user's screen: the home already painted from the
    /// cache (before the check answered, or browsed offline during maintenance), or where they
    /// were before maintenance or a lost connection interrupted them, or a fresh home.
    static func finishStartup(_ state: inout AppState, session: SessionSummary) -> [Effect] {
        state.startup = .done
        state.session = session
        var destination: HomeState
        let painted = homeOnScreen(state)
        if let painted {
            // Kept as it is, months and scroll included: no splash, no placeholders, and the
            // status line goes on saying how old the data is until the server's answers arrive.
            destination = painted
        } else {
            destination = state.resumeScreen == .home ? state.home ?? HomeState(session: session) : HomeState(session: session)
            state.status.reset(now: state.now)
        }
        destination.session = session
        state.resumeScreen = nil
        // A returning user goes home at once, without waiting out the splash's minimum: the splash
        // covers start-up work (docs/product.md §2.1), and the cached month is what they came for.
        state.home = destination
        leave(to: .home, &state)
        // An overlay open when the PIN screen came back over the data returns with it.
        if painted == nil, let overlay = state.overlayBehindPin { state.overlay = overlay }
        state.overlayBehindPin = nil
        // The idle lock counts from the moment the data is open, not only from the first key.
        return homeAppeared(&state) + (painted == nil ? [] : revalidateCachedData(state)) + noteActivity(&state)
    }

    /// The home screen that is showing, or waiting behind the splash's minimum.
    static func homeOnScreen(_ state: AppState) -> HomeState? {
        if case .splash = state.screen, state.afterSplash == .home { return state.home }
        return state.shownHome
    }
}
