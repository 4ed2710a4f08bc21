public enum SearchAction: Hashable, Sendable, CaseIterable {
    /// `S`: open the search.
    case open
    /// `Entrée`: ask for the typed text, or open the highlighted hit's month.
    case enter
    /// `Échap`: close it.
    case close
    case moveUp
    case moveDown
    case pageUp
    case pageDown
}
