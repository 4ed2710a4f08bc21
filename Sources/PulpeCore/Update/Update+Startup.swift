extension Core {
    /// The answer to `GET /maintenance/status`, read according to who asked: start-up, the
    /// maintenance screen, or the « Connexion impossible » screen. A stale answer is ignored.
    static func serviceChecked(_ state: inout AppState, _ outcome: ServiceCheckOutcome, at now: AppTime) -> [Effect] {
        switch state.screen {
        case .maintenance:
            return maintenanceCheckFinished(&state, outcome)
        case .networkUnavailable:
            return networkCheckFinished(&state, outcome)
        default:
            guard state.startup == .checkingService else { return [] }
            return startupCheckFinished(&state, outcome)
        }
    }

    private static func startupCheckFinished(_ state: inout AppState, _ outcome: ServiceCheckOutcome) -> [Effect] {
        switch outcome {
        case .available:
            state.startup = .restoringSession
            postStatus(&state, .connecting)
            return [.restoreSession]
        case let .maintenance(message):
            return enterMaintenance(&state, message: message)
        case .failed:
            // Fail-closed: anything but a clear « available » or a transport failure is
            // treated as maintenance, so a half-broken server never shows empty data.
            return enterMaintenance(&state, message: nil)
        case .unreachable:
            state.startup = .idle
            state.status.reset(now: state.now)
            show(.networkUnavailable(NetworkUnavailableState()), &state)
            return [.checkOfflineData]
        }
    }

    /// `o` « Continuer hors ligne »: the home screen from the cache, marked offline; the panels
    /// refresh by themselves once requests get through again (`r`).
    static func continueOffline(_ state: inout AppState) -> [Effect] {
        guard case let .networkUnavailable(network) = state.screen, let session = network.offlineSession else { return [] }
        state.session = session
        state.isOffline = true
        state.startup = .done
        state.screen = .home(HomeState(session: session))
        return homeAppeared(&state)
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
                show(.login(LoginForm()), &state)
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
            return [.unlockDemo]
        }
        state.startup = .done
        state.status.reset(now: now)
        if let resume = state.resumeScreen, case .pin = resume {
            show(resume, &state)
        } else {
            show(.pin(PinForm(email: summary.email)), &state)
        }
        state.resumeScreen = nil
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
                return [.unlockDemo]
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
            return [.signOut]
        default:
            return []
        }
    }
}
