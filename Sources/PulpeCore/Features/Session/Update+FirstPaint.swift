extension Core {
    /// The saved session, when the cache holds data of it (read from disk, no request): asked at
    /// start beside the status check, and whenever maintenance or « Connexion impossible » may
    /// offer `o` « Continuer hors ligne ».
    static func offlineDataChecked(_ state: inout AppState, _ summary: SessionSummary?) -> [Effect] {
        // The screen may still be waiting behind the splash's minimum.
        if let offering = offeringOffline(state.screen, summary) {
            state.screen = offering
        } else if let waiting = state.afterSplash, let offering = offeringOffline(waiting, summary) {
            state.afterSplash = offering
        }
        if let summary, summary.needsNoPin, startUpFoundNoServer(state) {
            // The check answered first, so nothing was painted behind it: the same cached month,
            // offline, as when the cache wins the race (decision 110).
            if case .splash = state.screen { leave(to: .home, &state) }
            return browseOffline(&state, summary)
        }
        guard state.startup == .checkingService, let summary, summary.needsNoPin, homeOnScreen(state) == nil else {
            return []
        }
        return paintCachedHome(&state, session: summary)
    }

    /// A returning user whose data needs no PIN sees the cached month before the status check
    /// answers (docs/product.md §2.2). The check still runs and still decides: the API gate stays
    /// closed, so this home's loads read the cache only (`Effect.throughClosedGate`); the splash
    /// leaves as soon as the month is there (`monthLoaded`), and the status line says its age.
    private static func paintCachedHome(_ state: inout AppState, session: SessionSummary) -> [Effect] {
        state.session = session
        state.home = HomeState(session: session)
        show(.home, &state)
        return homeAppeared(&state)
    }

    /// The check did not say available: the cached home painted before its answer is kept to come
    /// back to — with `o`, or when maintenance ends — with whatever the user typed meanwhile.
    static func keepCachedHome(_ state: inout AppState) {
        if homeOnScreen(state) != nil { state.resumeScreen = .home }
    }

    /// « Connexion impossible » (on screen or waiting behind the splash) is the start-up's own
    /// answer, not one the user reached by retrying.
    private static func startUpFoundNoServer(_ state: AppState) -> Bool {
        guard case let .networkUnavailable(network) = state.afterSplash ?? state.screen else { return false }
        return network.reachedAtStartUp
    }

    /// `screen` with the offline session set, if it is a screen that offers `o`.
    private static func offeringOffline(_ screen: Screen, _ summary: SessionSummary?) -> Screen? {
        switch screen {
        case var .networkUnavailable(network):
            network.offlineSession = summary
            return .networkUnavailable(network)
        case var .maintenance(maintenance):
            maintenance.offlineSession = summary
            return .maintenance(maintenance)
        default:
            return nil
        }
    }
}
