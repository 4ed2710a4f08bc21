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
