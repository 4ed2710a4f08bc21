extension Core {
    /// Shows the splash, arms both of its deadlines, and starts the start-up sequence:
    /// step 1 is always the maintenance status check.
    static func start(_ state: inout AppState, at now: AppTime) -> [Effect] {
        state.screen = .splash(SplashState(shownAt: now))
        state.afterSplash = nil
        state.startup = .checkingService
        postStatus(&state, .checkingService)
        let minimum = state.timers.arm(.splashMinimum)
        let maximum = state.timers.arm(.splashMaximum)
        return [
            .schedule(minimum, after: SplashPolicy.minimum),
            .schedule(maximum, after: SplashPolicy.maximum),
            .checkService,
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

    private static func leave(to screen: Screen, _ state: inout AppState) {
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
        }
    }

    /// The start-up sequence has reached the user's screen: home, or where they were before
    /// maintenance or a lost connection interrupted them.
    static func finishStartup(_ state: inout AppState, session: SessionSummary) -> [Effect] {
        state.startup = .done
        state.session = session
        let destination: Screen
        if let resume = state.resumeScreen, case .home = resume {
            destination = resume
        } else {
            destination = .home(HomeState(session: session))
        }
        state.resumeScreen = nil
        state.status.reset(now: state.now)
        // A returning user goes home at once, without waiting out the splash's minimum: the splash
        // covers start-up work (product.md §2.1), and the cached month is what they came for.
        leave(to: destination, &state)
        return homeAppeared(&state)
    }
}
