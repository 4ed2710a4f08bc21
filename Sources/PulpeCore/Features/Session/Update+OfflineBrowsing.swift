extension Core {
    /// `o` « Continuer hors ligne » on « Connexion impossible » or maintenance (docs/product.md §2.3,
    /// §2.4): the home screen from the cache, marked offline. Quick-add goes to the outbox. During
    /// maintenance the re-check keeps running behind the home screen and its end refreshes and
    /// sends; with the gate closed meanwhile, nothing reaches the API.
    static func continueOffline(_ state: inout AppState) -> [Effect] {
        switch state.screen {
        case let .networkUnavailable(network):
            guard let offline = network.offlineSession else { return [] }
            return browseOffline(&state, offline)
        case let .maintenance(maintenance):
            guard let offline = maintenance.offlineSession else { return [] }
            state.backgroundMaintenance = maintenance
            return browseOffline(&state, offline)
        default:
            return []
        }
    }

    /// The home screen the user left (a cached month painted before the check, or the home
    /// maintenance interrupted, with its input), or a fresh one for the saved session.
    static func browseOffline(_ state: inout AppState, _ offline: SessionSummary) -> [Effect] {
        let session = state.session ?? offline
        state.session = session
        state.isOffline = true
        if !session.isUnlocked, !session.needsNoPin {
            // The cache is sealed (decision 83): the PIN opens it, checked on this machine.
            state.startup = .done
            state.resumeScreen = nil
            state.overlay = nil
            state.screen = .pin(PinForm(email: session.email))
            return []
        }
        state.startup = .done
        if state.resumeScreen != .home { state.home = HomeState(session: session) }
        state.resumeScreen = nil
        state.overlay = nil
        state.screen = .home
        return homeAppeared(&state)
    }

    /// Browsing the cache after the check could not reach the server: when the network answers
    /// again (the connectivity probe), or on `r`, the start-up runs again from its check, behind the
    /// cached month — available restores the session and refreshes, maintenance takes over.
    static func recheckService(_ state: inout AppState) -> [Effect] {
        guard state.service == .unreachable, homeOnScreen(state) != nil, state.startup != .checkingService else { return [] }
        state.startup = .checkingService
        postStatus(&state, .checkingService)
        return [.availability(.checkService)]
    }

    /// Offline with a month on screen: the line says how old it is (« Données du … »).
    static func sayCachedAge(_ state: inout AppState) {
        guard let browse = homeOnScreen(state)?.browse, case let .loaded(kept)? = browse.months[browse.month] else {
            postStatus(&state, offline(state))
            return
        }
        postStatus(&state, .cached(at: kept.fetchedAt))
    }

    /// The automatic re-check of the maintenance left with `o` answered.
    static func backgroundCheckFinished(_ state: inout AppState, _ outcome: ServiceCheckOutcome) -> [Effect] {
        guard var maintenance = state.backgroundMaintenance, maintenance.isChecking else { return [] }
        if outcome == .available { return maintenanceEnded(&state) }
        // Still in maintenance, or the server cannot be reached: the cache stays, the next check is armed.
        maintenance.isChecking = false
        let effects = armAutomaticCheck(&state, &maintenance)
        state.backgroundMaintenance = maintenance
        return effects
    }
}
