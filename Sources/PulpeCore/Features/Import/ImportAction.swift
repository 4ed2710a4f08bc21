/// The bank statement import in the TUI (`I`).
public enum ImportAction: Hashable, Sendable, CaseIterable {
    /// `I`: the path prompt.
    case open
    /// `Entrée`: the path read, or the kept operations stored.
    case submit
    /// `Échap`: back to the path, or closed.
    case cancel
    case moveUp
    case moveDown
    /// `Espace`: keep or skip the selected operation.
    case toggle
    /// `r`: rename the selected operation (`Entrée` keeps the name, `Échap` drops it).
    case rename
    /// `l`: the selected operation's prévision typed, completed among its month's (`Entrée` puts it
    /// there, checked; an empty text leaves it free).
    case chooseLine
    /// `t`: the selected operation's tags (names separated by commas; a new one is created first).
    case tags
}
