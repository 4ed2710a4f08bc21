extension Core {
    /// Shows the splash and arms both of its deadlines. Start-up work (the maintenance check,
    /// from the networking issue on) runs alongside; the splash leaves after the minimum once that
    /// work is done, and after the maximum regardless.
    static func startSplash(_ state: inout AppState, at now: AppTime) -> [Effect] {
        state.screen = .splash(SplashState(shownAt: now))
        let minimum = state.timers.arm(.splashMinimum)
        let maximum = state.timers.arm(.splashMaximum)
        return [
            .schedule(minimum, after: SplashPolicy.minimum),
            .schedule(maximum, after: SplashPolicy.maximum),
        ]
    }

    static func leaveSplash(_ state: inout AppState) -> [Effect] {
        guard case .splash = state.screen else { return [] }
        state.timers.cancel(.splashMinimum)
        state.timers.cancel(.splashMaximum)
        state.screen = .home
        return []
    }

    static func timerFired(_ state: inout AppState, _ id: TimerID, at now: AppTime) -> [Effect] {
        switch id {
        case .splashMinimum, .splashMaximum:
            return leaveSplash(&state)
        }
    }
}
