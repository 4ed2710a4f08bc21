import PulpeDomain

/// Everything the terminal can tell the app.
public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal now has this size; the next frame must be drawn at it.
    case resize(Size)
}
