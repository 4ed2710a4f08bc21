extension Core {
    /// The answer to `GET /maintenance/status`, read according to who asked: start-up (or its
    /// re-run behind a cached month), the maintenance screen, the maintenance behind offline
    /// browsing, or the « Connexion impossible » screen. A stale answer is ignored.
    static func serviceChecked(_ state: inout AppState, _ outcome: ServiceCheckOutcome, at now: AppTime) -> [Effect] {
        switch state.screen {
        case .maintenance:
            return maintenanceCheckFinished(&state, outcome)
        case .networkUnavailable:
            return networkCheckFinished(&state, outcome)
        default:
            if state.backgroundMaintenance?.isChecking == true { return backgroundCheckFinished(&state, outcome) }
            guard state.startup == .checkingService else { return [] }
            return startupCheckFinished(&state, outcome)
        }
    }

    private static func startupCheckFinished(_ state: inout AppState, _ outcome: ServiceCheckOutcome) -> [Effect] {
        switch outcome {
        case .available:
            serviceAvailable(&state)
            state.startup = .restoringSession
            guard let home = homeOnScreen(state) else {
                postStatus(&state, .connecting)
                return restoreTheSession(&state)
            }
            // A cached month already on screen says its age; the session is restored behind it —
            // once the cache has answered, if it is still being read.
            if home.browse.map({ $0.months[$0.month]?.isLoaded != true }) ?? true {
                state.restoreWaitsForTheCache = true
                return []
            }
            return restoreTheSession(&state)
        case let .maintenance(message):
            keepCachedHome(&state)
            return enterMaintenance(&state, message: message)
        case .failed:
            // Fail-closed: anything but a clear « available » or a transport failure is
            // treated as maintenance, so a half-broken server never shows empty data.
            keepCachedHome(&state)
            return enterMaintenance(&state, message: nil)
        case .unreachable, .proxyRefused:
            state.service = .unreachable
            state.startup = .idle
            if homeOnScreen(state) != nil {
                // The cached month stays, marked offline: where `o` on « Connexion impossible »
                // would lead, without the detour (decision 35). The network coming back, or `r`,
                // runs the check again.
                state.isOffline = true
                sayCachedAge(&state)
                return []
            }
            state.status.reset(now: state.now)
            var network = NetworkUnavailableState()
            network.throughProxy = outcome == .proxyRefused
            network.reachedAtStartUp = true
            show(.networkUnavailable(network), &state)
            return [.session(.checkOfflineData)]
        }
    }

    /// The cache answered the home painted before the status check (a month, a year, or its
    /// settings failing): the session restore that waited for it goes now (`restoreWaitsForTheCache`).
    static func restoreAfterTheCache(_ state: inout AppState) -> [Effect] {
        guard state.restoreWaitsForTheCache else { return [] }
        state.restoreWaitsForTheCache = false
        return state.startup == .restoringSession ? restoreTheSession(&state) : []
    }

    /// The session step of the start-up, wherever the check's « available » leads to it: one
    /// restore sent, and no wait for the cache left behind to send a second.
    static func restoreTheSession(_ state: inout AppState) -> [Effect] {
        state.startup = .restoringSession
        state.restoreWaitsForTheCache = false
        return [.session(.restoreSession)]
    }

    /// The check said available: requests may go, and the server answers.
    static func serviceAvailable(_ state: inout AppState) {
        state.service = .available
        state.isOffline = false
    }

    static func sessionRestored(_ state: inout AppState, _ summary: SessionSummary?, at now: AppTime) -> [Effect] {
        guard state.startup == .restoringSession else { return [] }
        guard let summary else {
            state.startup = .done
            state.session = nil
            state.status.reset(now: now)
            if let resume = state.resumeScreen, case .login = resume {
                show(resume, &state)
            } else {
                var form = LoginForm()
                if state.savedSessionUnreadable { form.error = .savedSessionUnreadable }
                show(.login(form), &state)
            }
            state.resumeScreen = nil
            return []
        }
        state.session = summary
        if summary.isUnlocked {
            return finishStartup(&state, session: summary)
        }
        if summary.isDemo {
            state.startup = .unlockingDemo
            return [.session(.unlockDemo)]
        }
        state.startup = .done
        state.status.reset(now: now)
        // The cache browsed offline (maintenance just ended) comes back once the PIN unlocks.
        if homeOnScreen(state) != nil { state.resumeScreen = .home }
        if case let .pin(form)? = state.resumeScreen {
            show(.pin(form), &state)
            state.resumeScreen = nil
        } else {
            show(.pin(PinForm(email: summary.email, notice: summary.keyWasRefused ? .keyChanged : nil)), &state)
            if case .home? = state.resumeScreen {} else { state.resumeScreen = nil }
        }
        return []
    }

    static func loginFinished(_ state: inout AppState, _ outcome: LoginOutcome, at now: AppTime) -> [Effect] {
        guard case var .login(form) = state.screen, form.isSubmitting else { return [] }
        form.isSubmitting = false
        switch outcome {
        case let .signedIn(summary):
            state.session = summary
            state.status.reset(now: now)
            if summary.isDemo {
                state.screen = .login(form)
                state.startup = .unlockingDemo
                return [.session(.unlockDemo)]
            }
            state.screen = .pin(PinForm(email: summary.email))
            return []
        case let .failed(error):
            form.error = .failed(error)
            state.screen = .login(form)
            state.status.reset(now: now)
            return []
        }
    }

    static func unlockFinished(_ state: inout AppState, _ outcome: UnlockOutcome, at now: AppTime) -> [Effect] {
        switch (state.screen, outcome) {
        case (.pin(var form), .failed(let error)):
            guard form.isUnlocking else { return [] }
            form.isUnlocking = false
            form.apply(.clear)
            form.error = .failed(error)
            state.screen = .pin(form)
            state.status.reset(now: now)
            return []
        case (.pin(let form), .unlocked):
            guard form.isUnlocking, var session = state.session else { return [] }
            session.isUnlocked = true
            return finishStartup(&state, session: session)
        case (_, .unlocked) where state.startup == .unlockingDemo:
            guard var session = state.session else { return [] }
            session.isUnlocked = true
            return finishStartup(&state, session: session)
        case (_, .failed(let error)) where state.startup == .unlockingDemo:
            state.startup = .done
            state.session = nil
            state.status.reset(now: now)
            var form = LoginForm()
            form.error = .failed(error)
            show(.login(form), &state)
            return [.session(.signOut)]
        default:
            return []
        }
    }
}
