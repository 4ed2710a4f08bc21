/// One state of the loading-status line (product.md §3), with its French text, a plain sentence
/// for screen readers and `--plain` mode, and how long it must stay visible at least.
public struct StatusEntry: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case checkingService
        case connecting
        case unlocking
        case loadingMonth
        case loadingYear
        case syncing(done: Int, total: Int)
        /// « Données du 14:32 » (« Données du 20.11. à 14:32 » from an earlier day): cached data,
        /// shown while the server is asked again, or offline.
        case cached(clock: String)
        /// « Mis à jour à 14:32 »: the completion state, which fades by itself.
        case updated(clock: String)
        case offline(pending: Int)
        /// Stays until the user acts; `retryKey` is the key shown to try again, if any.
        case error(message: String, retryKey: String?)
    }

    public var kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    /// Text shown on the status line.
    public var text: String {
        switch kind {
        case .checkingService: "Vérification du service…"
        case .connecting: "Connexion…"
        case .unlocking: "Déverrouillage…"
        case .loadingMonth: "Chargement du mois…"
        case .loadingYear: "Chargement de l'année…"
        case let .syncing(done, total): "Synchronisation \(done)/\(total)…"
        case let .cached(clock): "Données du \(clock)"
        case let .updated(clock): "Mis à jour à \(clock)"
        case let .offline(pending):
            switch pending {
            case 0: "Hors ligne"
            case 1: "Hors ligne — 1 dépense en attente"
            default: "Hors ligne — \(pending) dépenses en attente"
            }
        case let .error(message, retryKey):
            retryKey.map { "\(message) — \($0) pour réessayer" } ?? message
        }
    }

    /// A plain sentence for the accessible `--plain` mode: no ellipsis glyphs, no symbols.
    public var accessibilityLabel: String {
        switch kind {
        case .checkingService: "Vérification du service en cours."
        case .connecting: "Connexion en cours."
        case .unlocking: "Déverrouillage en cours."
        case .loadingMonth: "Chargement du mois en cours."
        case .loadingYear: "Chargement de l'année en cours."
        case let .syncing(done, total): "Synchronisation de la dépense \(done) sur \(total)."
        case let .cached(clock): "Données enregistrées du \(clock)."
        case let .updated(clock): "Données mises à jour à \(clock)."
        case let .offline(pending):
            switch pending {
            case 0: "Hors ligne."
            case 1: "Hors ligne. Une dépense en attente d'envoi."
            default: "Hors ligne. \(pending) dépenses en attente d'envoi."
            }
        case let .error(message, retryKey):
            "Erreur : \(message)." + (retryKey.map { " Appuie sur \($0) pour réessayer." } ?? "")
        }
    }

    /// Work is in progress: the spinner may show.
    public var isLoading: Bool {
        switch kind {
        case .checkingService, .connecting, .unlocking, .loadingMonth, .loadingYear, .syncing: true
        case .cached, .updated, .offline, .error: false
        }
    }

    public var isError: Bool {
        if case .error = kind { return true }
        return false
    }

    /// The shortest time the entry stays on screen, so the line never flickers.
    public var minimumDuration: Duration {
        switch kind {
        case .checkingService, .connecting: .milliseconds(800)
        case .unlocking, .loadingMonth, .loadingYear: .milliseconds(600)
        case .syncing: .milliseconds(500)
        case .updated, .cached: .milliseconds(1200)
        case .offline: .milliseconds(1000)
        case .error: .zero
        }
    }

    /// How long after it appeared the entry disappears by itself (the completion fades);
    /// nil: it stays until replaced.
    public var fadesAfter: Duration? {
        if case .updated = kind { return .seconds(4) }
        return nil
    }

    /// Two entries that say the same kind of thing: a newer one replaces a queued older one
    /// instead of piling up (rapid refreshes collapse).
    func isSameKind(as other: StatusEntry) -> Bool {
        switch (kind, other.kind) {
        case (.checkingService, .checkingService), (.connecting, .connecting), (.unlocking, .unlocking),
             (.loadingMonth, .loadingMonth), (.loadingYear, .loadingYear),
             (.syncing, .syncing),
             (.updated, .updated), (.cached, .cached), (.offline, .offline), (.error, .error):
            true
        default:
            false
        }
    }
}
