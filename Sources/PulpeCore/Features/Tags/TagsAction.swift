/// The tags screen (`T`): the account's tags, added, renamed, deleted, charted, filtered by.
public enum TagsAction: Hashable, Sendable, CaseIterable {
    /// `T`: the screen over the panels.
    case open
    case moveUp
    case moveDown
    /// `a`: a new tag's name is typed.
    case add
    /// `r`: the selected tag's new name is typed.
    case rename
    /// `d`: « Supprimer #… ? », with what carries it in the shown month.
    case delete
    /// `H`: the selected tag's history chart.
    case history
    /// `Entrée`: the typed name stored, the deletion confirmed, or — on the list — the month
    /// filtered by the selected tag.
    case submit
    /// `Échap`: back to the list, or the screen closed.
    case cancel
}
