public enum QuickAddAction: Hashable, Sendable, CaseIterable {
    /// `a`: open the form (month and year panels, offline browsing).
    case open
    case nextField
    case previousField
    /// `Entrée`: store what was typed.
    case submit
    /// `Échap`: close the form, asking first when something was typed.
    case cancel
    /// `o` / `Entrée` on « Abandonner cette dépense ? ».
    case confirmDiscard
    /// `n` / `Échap` on « Abandonner cette dépense ? »: back to the form as it was.
    case keepEditing
    /// `←` / `→` / `Espace` on the form's kind: dépense → revenu → épargne.
    case previousKind
    case nextKind
    /// `-` / `+` on the form's date: a day earlier or later.
    case previousDay
    case nextDay
    /// `Espace` on « Pointé ».
    case toggleChecked
    /// `Espace` / `←` / `→` on a prévision's « Récurrence »: fixe ⇄ ponctuelle.
    case toggleRecurrence
}
