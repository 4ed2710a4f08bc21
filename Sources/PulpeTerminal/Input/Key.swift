/// A key press, decoded from ncurses into something views can match on.
public enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, space, accented letters).
    case char(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    /// Ctrl plus a letter, always lowercase (`.ctrl("l")` for Ctrl-L). Ctrl-H, Ctrl-I,
    /// Ctrl-J and Ctrl-M arrive as `.backspace`, `.tab` and `.enter`: terminals send the same
    /// bytes for both.
    case ctrl(Character)
    /// F1…F63.
    case function(Int)
}

/// A mouse action worth reacting to. Only the wheel and a left click are reported; nothing
/// in the app requires a mouse.
public enum MouseEvent: Hashable, Sendable {
    case wheelUp
    case wheelDown
    /// Left button pressed at cell (`x`, `y`).
    case click(x: Int, y: Int)
}

/// Everything the terminal can tell the app.
public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal now has this size; the next frame must be drawn at it.
    case resize(Size)
}
