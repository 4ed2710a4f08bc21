/// What a key press means, once the key table has resolved it for the current screen.
///
/// Keys never reach `update` raw (except as text in forms): the UI's key table maps them to
/// actions, so the same table drives input, the footer and the help overlay.
public enum Action: Hashable, Sendable, CaseIterable {
    case quit
    case showHelp
    case closeOverlay
    /// Ctrl-L: repaint everything, for when another program scribbled on the terminal.
    case redraw
    /// Any key on the splash skips it.
    case skipSplash
}
