/// The whole state of the app. Views are functions of this value (plus the current time
/// for animations); only `update` changes it.
public struct AppState: Hashable, Sendable {
    public var screen: Screen
    public var overlay: Overlay?
    public var terminalSize: TerminalSize
    public var timers: TimerTable
    /// Set once the user asked to quit; the runtime stops after running the final effects.
    public var isQuitting: Bool

    public init(screen: Screen = .splash(SplashState(shownAt: .zero)),
                overlay: Overlay? = nil,
                terminalSize: TerminalSize = TerminalSize(columns: 80, rows: 24),
                timers: TimerTable = TimerTable(),
                isQuitting: Bool = false) {
        self.screen = screen
        self.overlay = overlay
        self.terminalSize = terminalSize
        self.timers = timers
        self.isQuitting = isQuitting
    }

    /// The state right after launch, before the runtime sends `.started`.
    public static func initial(size: TerminalSize) -> AppState {
        AppState(terminalSize: size)
    }
}
