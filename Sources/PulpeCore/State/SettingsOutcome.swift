import PulpeDomain

/// How loading the user's settings ended.
public enum SettingsOutcome: Hashable, Sendable {
    /// `today` is the local calendar day, which with the pay day decides the current period.
    case loaded(UserSettings, today: CalendarDay)
    /// The copy the cache kept: delivered before the server answers so the current period's
    /// month and year can load at once (and offline, instead of the server's answer).
    case cached(UserSettings, today: CalendarDay)
    case failed(Failure)
}

extension SettingsOutcome {
    /// The settings and the day, cached or fresh; nil when they could not be had.
    public var kept: (settings: UserSettings, today: CalendarDay)? {
        switch self {
        case let .loaded(settings, today), let .cached(settings, today): (settings, today)
        case .failed: nil
        }
    }
}
