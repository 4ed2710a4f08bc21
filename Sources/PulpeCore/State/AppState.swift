import PulpeDomain

/// The whole state of the app. Views are functions of this value (plus the current time for
/// animations); only `update` changes it.
public struct AppState: Hashable, Sendable {
    public var screen: Screen
    /// The home screen's value (docs/architecture.md, « One slot for the home screen »): set
    /// while a slot says `.home`, dropped by `update` once none does.
    public var home: HomeState?
    public var overlay: Overlay?
    public var terminalSize: Size
    public var timers: TimerTable
    public var status: LoadingStatus
    public var startup: StartupPhase
    /// Where start-up decided to go while the splash was still playing its minimum.
    public var afterSplash: Screen?
    /// The screen maintenance or a lost connection interrupted, with its input, to return to.
    public var resumeScreen: Screen?
    /// How long without a key press before the amounts go behind the PIN screen (`lock_after`);
    /// nil: never. Set by the runtime from the configuration.
    public var lockAfter: Duration?
    /// The overlay that was open when the PIN screen came back over the data (restored with it).
    public var overlayBehindPin: Overlay?
    public var session: SessionSummary?
    /// Keys pressed while the shown month is a preview (`BrowseState.showsPreview`), replayed in
    /// order once the whole month is here: every key acts on the month as it is, not on its first rows.
    public var heldKeys: [Msg] = []
    /// The status check said available while the cached home was still being read: the session
    /// restore waits for the cache's first month or year (or its settings failing), so its network
    /// and key work does not compete with that first paint on a two-core machine (decision 77).
    public var restoreWaitsForTheCache = false
    /// What the status check last said: nothing asks the API unless it allows it (decision 35).
    public var service: ServiceStatus = .unchecked
    /// Maintenance the user left with `o` to browse the cache: its automatic re-check keeps running
    /// behind the home screen, and its end brings the start-up back (refresh, then send).
    public var backgroundMaintenance: MaintenanceState?
    /// Seeded by the runtime: jitter for backoffs, reproducible in tests.
    public var random: SplitMix64
    /// Whether the server answers, learned from request outcomes (the status line's badge).
    public var isOffline = false
    /// The whole account's background read (decision 81).
    public var replica = ReplicaSync()
    /// The saved session's file could not be read at start: the login form says so.
    public var savedSessionUnreadable = false
    /// Expenses waiting in the outbox (the status line's pending slot; filled by the outbox).
    public var pendingCount: Int { writes.outbox.pendingCount }
    /// Everything the core knows of the user's writes, in one value: what the outbox holds, what
    /// was just sent, what `u` takes back.
    public var writes = WriteState()
    /// The user's time zone (set by the runtime from the view context): the calendar day of a
    /// transaction's timestamp, for the edit form.
    public var timeZone: LocalZone = .utc
    /// The last time the core heard of (from any timed message); views use it for countdowns.
    public var now: AppTime
    /// Set once the user asked to quit; the runtime stops after running the final effects.
    public var isQuitting: Bool

    public init(screen: Screen = .splash(SplashState(shownAt: .zero)),
                home: HomeState? = nil,
                overlay: Overlay? = nil,
                terminalSize: Size = Size(width: 80, height: 24),
                seed: UInt64 = 0) {
        self.screen = screen
        self.home = home
        self.overlay = overlay
        self.terminalSize = terminalSize
        self.timers = TimerTable()
        self.status = LoadingStatus()
        self.startup = .idle
        self.random = SplitMix64(seed: seed)
        self.now = .zero
        self.isQuitting = false
    }

    /// The home screen, showing.
    public init(home: HomeState, overlay: Overlay? = nil, terminalSize: Size = Size(width: 80, height: 24),
                seed: UInt64 = 0) {
        self.init(screen: .home, home: home, overlay: overlay, terminalSize: terminalSize, seed: seed)
    }

    /// The home screen's value while it is the screen showing; nil on every other screen.
    public var shownHome: HomeState? {
        guard case .home = screen else { return nil }
        return home
    }

    /// Whether a slot still refers to the home screen (showing, behind the splash, or to come back to).
    var refersToHome: Bool {
        screen == .home || afterSplash == .home || resumeScreen == .home
    }

    /// The state right after launch, before the runtime sends `.started`.
    public static func initial(size: Size, seed: UInt64 = 0) -> AppState {
        AppState(terminalSize: size, seed: seed)
    }
}
