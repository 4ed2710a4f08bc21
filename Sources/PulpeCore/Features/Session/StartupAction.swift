public enum StartupAction: Hashable, Sendable, CaseIterable {
    /// Any key on the splash skips it.
    case skipSplash
    /// `R` on the maintenance and « Connexion impossible » screens.
    case retry
    /// `o` « Continuer hors ligne », when cached data exists.
    case continueOffline
}
