/// How many colours the app may use.
public enum ColorDepth: Hashable, Sendable, Comparable {
    /// No colour: attributes only (bold, dim, reverse). `NO_COLOR`, `--no-color`, or a
    /// monochrome terminal.
    case none
    /// The 8 basic ANSI colours (terminals reporting 8 or 16 colours).
    case ansi16
    /// The xterm 256-colour palette.
    case ansi256

    /// The depth a terminal reporting `colors` colours supports (terminfo `colors`;
    /// negative when the capability is missing).
    public static func forTerminal(colors: Int) -> ColorDepth {
        if colors >= 256 { return .ansi256 }
        if colors >= 8 { return .ansi16 }
        return .none
    }
}
