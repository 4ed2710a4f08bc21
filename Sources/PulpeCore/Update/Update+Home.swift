extension Core {
    /// The home screen has just been shown (fresh, or back from maintenance): fetch its data.
    static func homeAppeared(_ state: inout AppState) -> [Effect] {
        guard modifyHome(&state, { home in
            if home.settings.value == nil { home.settings = .loading }
        }) else { return [] }
        postStatus(&state, .loadingSettings)
        return [.loadSettings]
    }

    /// `r`: fetch again; what is on screen stays until the new answer arrives.
    static func refreshHome(_ state: inout AppState) -> [Effect] {
        guard case .home = state.screen else { return [] }
        state.status.dismissError(now: state.now)
        return homeAppeared(&state)
    }

    static func settingsLoaded(_ state: inout AppState, _ outcome: SettingsOutcome, at now: AppTime) -> [Effect] {
        switch outcome {
        case let .loaded(settings, clock):
            guard modifyHome(&state, { $0.settings = .loaded(settings) }) else { return [] }
            postStatus(&state, .updated(clock: clock))
        case let .failed(error):
            guard modifyHome(&state, { home in
                if home.settings.value == nil { home.settings = .failed(error.message) }
            }) else { return [] }
            // Maintenance has its own screen; anything else stays on the status line until `r`.
            if error.kind != .maintenance {
                postStatus(&state, .error(message: error.message, retryKey: "r"))
            }
        }
        return []
    }

    /// Changes the home screen's state, whether it is showing or waiting behind the splash.
    /// Returns false when there is no home screen to change (a stale answer).
    private static func modifyHome(_ state: inout AppState, _ change: (inout HomeState) -> Void) -> Bool {
        if case var .home(home) = state.screen {
            change(&home)
            state.screen = .home(home)
            return true
        }
        if case var .home(home) = state.afterSplash {
            change(&home)
            state.afterSplash = .home(home)
            return true
        }
        return false
    }
}
