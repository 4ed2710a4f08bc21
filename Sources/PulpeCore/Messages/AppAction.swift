public enum AppAction: Hashable, Sendable, CaseIterable {
    case quit
    case showHelp
    case closeOverlay
    /// Ctrl-L: repaint everything, for when another program scribbled on the terminal.
    case redraw
    /// Hide the amounts behind the PIN screen now (the idle lock, on demand).
    case lockNow
    /// « Se déconnecter » / « Changer de compte »: asks first, then signs out to the login screen.
    case signOut
}
