import PulpeCore

extension OutboxNotice {
    /// The status line's words while nothing else is said (decision 40): the user learns that
    /// older expenses were not sent and where they are, and that new ones are safe.
    public var text: String {
        switch self {
        case let .keptAside(fileName, _):
            "Fichier d'attente endommagé mis de côté : \(fileName) — les nouvelles dépenses sont gardées"
        case .unavailable:
            "Fichier d'attente inutilisable — impossible d'enregistrer une dépense, vérifie le disque"
        case .unsealable:
            "Données locales indisponibles — impossible d'enregistrer une dépense, relance pulpe"
        }
    }
}
