/// An edit typed into the focused field. Keys become edits in the key table, so the core never
/// sees terminal key codes. Fields without a cursor (the PIN) ignore the moves.
public enum TextEdit: Hashable, Sendable {
    case insert(Character)
    /// Backspace: the character before the cursor.
    case deleteBackward
    /// Delete: the character under the cursor.
    case deleteForward
    /// Everything (leaving a field, clearing a filter, Ctrl-U where there is no cursor to speak of).
    case clear
    /// Ctrl-U in a line editor: from the start to the cursor.
    case deleteToStart
    /// Ctrl-K: from the cursor to the end.
    case deleteToEnd
    /// Ctrl-W: the word before the cursor.
    case deleteWordBackward
    case moveLeft
    case moveRight
    /// Ctrl-A, Home.
    case moveToStart
    /// Ctrl-E, End.
    case moveToEnd
}
