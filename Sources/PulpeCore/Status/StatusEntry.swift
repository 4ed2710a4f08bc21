import Foundation
import PulpeDomain

/// One state of the loading-status line (docs/product.md §3) and how long it must stay visible at
/// least. It holds data (dates, typed failures, the action that retries); the words, and the
/// plain sentences of `--plain` mode, are the view's (`StatusText` in PulpeUI).
public struct StatusEntry: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case checkingService
        case connecting
        case unlocking
        case loadingMonth
        case loadingYear
        case syncing(done: Int, total: Int)
        /// The whole account is being read in the background (« Synchronisation du compte… »).
        case syncingAccount
        /// The whole account is kept, `months` of it, read at `at` (« Compte à jour · 16 mois · 00:46 »):
        /// a completion, which fades by itself.
        case accountSynced(months: Int, at: Date)
        /// Cached data stored at this time (« Données du 14:32 », « Données du 20.11. à 14:32 »
        /// from an earlier day), shown while the server is asked again, or offline.
        case cached(at: Date)
        /// The server answered at this time (« Mis à jour à 14:32 »): the completion state,
        /// which fades by itself.
        case updated(at: Date)
        /// Offline, with `pending` writes waiting to be sent; `onlyExpenses` when all of them are
        /// new expenses (« 2 dépenses en attente »), else they are worded « modifications ».
        case offline(pending: Int, onlyExpenses: Bool = true)
        /// A gesture done on the month (« Pointé : Migros — 45.00 CHF · u annuler »), or undone.
        case gesture(GestureNews)
        /// The server refused an expense (« Dépense refusée : … — Entrée pour corriger »); stays
        /// until the user acts, like an error.
        case refused(name: String, reason: RefusalReason)
        /// Stays until the user acts; `retry` is the action that tries again, if any (the view
        /// names its key from the key table).
        case error(Failure, retry: Action?)
    }

    public var kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    /// Work is in progress: the spinner may show.
    public var isLoading: Bool {
        switch kind {
        case .checkingService, .connecting, .unlocking, .loadingMonth, .loadingYear, .syncing, .syncingAccount: true
        case .cached, .updated, .offline, .error, .refused, .gesture, .accountSynced: false
        }
    }

    /// A queued entry that may leave unseen once its work ended (anything but a loading entry was
    /// posted after it): loads, whose only news is that something is on its way.
    public var canSkip: Bool { isLoading }

    /// Errors and refusals jump the queue and stay until the user acts.
    public var isError: Bool {
        switch kind {
        case .error, .refused: true
        default: false
        }
    }

    /// The shortest time the entry stays on screen, so the line never flickers.
    public var minimumDuration: Duration {
        switch kind {
        case .checkingService, .connecting: .milliseconds(800)
        case .unlocking, .loadingMonth, .loadingYear: .milliseconds(600)
        case .syncing, .syncingAccount: .milliseconds(500)
        case .updated, .cached, .accountSynced: .milliseconds(1200)
        // A gesture's toast holds its undo hint for the whole window (`u` works that long).
        case .gesture: .seconds(5)
        case .offline: .milliseconds(1000)
        case .error, .refused: .zero
        }
    }

    /// How long after it appeared the entry disappears by itself (the completion fades);
    /// nil: it stays until replaced.
    public var fadesAfter: Duration? {
        if case .updated = kind { return .seconds(4) }
        if case .accountSynced = kind { return .seconds(4) }
        // A background read: said, then out of the way (its end is said again); the line is the
        // user's, not the replica's.
        if case .syncingAccount = kind { return .seconds(3) }
        if case .gesture = kind { return .seconds(5) }
        return nil
    }

    /// Two entries that say the same kind of thing: a newer one replaces a queued older one
    /// instead of piling up (rapid refreshes collapse).
    func isSameKind(as other: StatusEntry) -> Bool {
        switch (kind, other.kind) {
        case (.checkingService, .checkingService), (.connecting, .connecting), (.unlocking, .unlocking),
             (.loadingMonth, .loadingMonth), (.loadingYear, .loadingYear),
             (.syncing, .syncing), (.syncingAccount, .syncingAccount), (.accountSynced, .accountSynced),
             (.updated, .updated), (.cached, .cached), (.offline, .offline), (.error, .error),
             (.refused, .refused), (.gesture, .gesture):
            true
        default:
            false
        }
    }
}
