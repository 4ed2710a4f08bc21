import PulpeDomain

extension Core {
    /// Any API call answered 503 + `MAINTENANCE`: switch at once, keeping the screen the user
    /// was on (with their unsaved input) to bring them back to after maintenance.
    static func maintenanceDetected(_ state: inout AppState, message: String?, at now: AppTime) -> [Effect] {
        // Already known (on its screen, or browsing the cache behind it): a late answer of a request
        // sent before it changes nothing.
        if state.service == .maintenance { return [] }
        if state.screen.isResumable { state.resumeScreen = settled(state.screen) }
        state.overlay = nil
        return enterMaintenance(&state, message: message)
    }

    /// A screen as it should come back: without a request that was in flight when maintenance
    /// struck (its answer will never arrive), but with everything the user typed.
    private static func settled(_ screen: Screen) -> Screen {
        switch screen {
        case var .login(form):
            form.isSubmitting = false
            return .login(form)
        case var .pin(form):
            form.isUnlocking = false
            return .pin(form)
        default:
            return screen
        }
    }

    /// The maintenance screen, its automatic re-check armed; the cache is looked at so `o` can be
    /// offered. From here until a check says available, nothing reaches the API.
    static func enterMaintenance(_ state: inout AppState, message: String?) -> [Effect] {
        state.service = .maintenance
        state.startup = .idle
        state.restoreWaitsForTheCache = false
        state.status.reset(now: state.now)
        var maintenance = MaintenanceState(serverMessage: message, shownAt: state.now)
        let effects = armAutomaticCheck(&state, &maintenance)
        show(.maintenance(maintenance), &state)
        return effects + [.session(.checkOfflineData)]
    }

    static func armAutomaticCheck(_ state: inout AppState, _ maintenance: inout MaintenanceState) -> [Effect] {
        let delay = Backoff.maintenanceRecheck.delay(afterRetries: maintenance.automaticAttempts, using: &state.random)
        maintenance.nextCheckAt = state.now + delay
        let token = state.timers.arm(.maintenanceRecheck)
        return [.schedule(token, after: delay)]
    }

    /// `R` on maintenance or « Connexion impossible »: check again, once at a time.
    static func retry(_ state: inout AppState) -> [Effect] {
        switch state.screen {
        case var .maintenance(maintenance):
            guard !maintenance.isChecking else { return [] }
            maintenance.isChecking = true
            maintenance.feedback = nil
            state.screen = .maintenance(maintenance)
            return [.availability(.checkService)]
        case var .networkUnavailable(network):
            guard !network.isChecking else { return [] }
            network.isChecking = true
            network.reachedAtStartUp = false
            state.screen = .networkUnavailable(network)
            state.status.reset(now: state.now)
            return [.availability(.checkService)]
        default:
            return []
        }
    }

    static func automaticMaintenanceCheck(_ state: inout AppState) -> [Effect] {
        if var behind = state.backgroundMaintenance, !behind.isChecking {
            // Browsing the cache with `o`: the re-check goes on behind the home screen.
            behind.automaticAttempts += 1
            behind.isChecking = true
            behind.nextCheckAt = nil
            state.backgroundMaintenance = behind
            return [.availability(.checkService)]
        }
        guard case var .maintenance(maintenance) = state.screen else { return [] }
        maintenance.automaticAttempts += 1
        if maintenance.isChecking {
            // A manual check is running; try again later rather than twice at once.
            let effects = armAutomaticCheck(&state, &maintenance)
            state.screen = .maintenance(maintenance)
            return effects
        }
        maintenance.isChecking = true
        maintenance.nextCheckAt = nil
        state.screen = .maintenance(maintenance)
        return [.availability(.checkService)]
    }

    static func maintenanceCheckFinished(_ state: inout AppState, _ outcome: ServiceCheckOutcome) -> [Effect] {
        guard case var .maintenance(maintenance) = state.screen, maintenance.isChecking else { return [] }
        switch outcome {
        case .available:
            return maintenanceEnded(&state)
        case let .maintenance(message):
            maintenance.serverMessage = message ?? maintenance.serverMessage
            maintenance.feedback = .stillInMaintenance
        case .failed:
            maintenance.feedback = .stillInMaintenance
        case .unreachable, .proxyRefused:
            maintenance.feedback = .connectionTrouble
        }
        maintenance.isChecking = false
        let effects = armAutomaticCheck(&state, &maintenance)
        state.screen = .maintenance(maintenance)
        return effects
    }

    /// Maintenance is over (its screen's check, or the one behind offline browsing): the rest of the
    /// start-up sequence runs — session, then home, which refreshes and sends what waits — and the
    /// user returns where they were.
    static func maintenanceEnded(_ state: inout AppState) -> [Effect] {
        state.timers.cancel(.maintenanceRecheck)
        state.backgroundMaintenance = nil
        serviceAvailable(&state)
        return restoreTheSession(&state)
    }

    static func networkCheckFinished(_ state: inout AppState, _ outcome: ServiceCheckOutcome) -> [Effect] {
        guard case var .networkUnavailable(network) = state.screen, network.isChecking else { return [] }
        switch outcome {
        case .available:
            serviceAvailable(&state)
            return restoreTheSession(&state)
        case let .maintenance(message):
            return enterMaintenance(&state, message: message)
        case .failed:
            return enterMaintenance(&state, message: nil)
        case .unreachable, .proxyRefused:
            network.isChecking = false
            network.stillUnreachable = true
            network.throughProxy = outcome == .proxyRefused
            state.screen = .networkUnavailable(network)
            return []
        }
    }
}
