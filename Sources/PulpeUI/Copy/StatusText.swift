import Foundation
import PulpeCore
import PulpeDomain

/// The status line's words (docs/product.md §3): the text shown, and a plain sentence for the
/// accessible `--plain` mode and the log. Dates are said in the user's time zone; a stamp from
/// an earlier day than `today` carries its day (« Données du 20.11. à 14:32 »).
public struct StatusText: Sendable {
    public var timeZone: LocalZone
    /// The local day the home screen is showing, if known: stamps from this day show the time only.
    public var today: CalendarDay?

    public init(timeZone: LocalZone, today: CalendarDay?) {
        self.timeZone = timeZone
        self.today = today
    }

    /// For a state: the home screen's day, in the context's time zone.
    public init(_ state: AppState, context: ViewContext) {
        self.init(timeZone: context.timeZone, today: state.homeToday)
    }

    /// Text shown on the status line.
    public func text(_ entry: StatusEntry) -> String {
        switch entry.kind {
        case .checkingService: "Vérification du service…"
        case .connecting: "Connexion…"
        case .unlocking: "Déverrouillage…"
        case .loadingMonth: "Chargement du mois…"
        case .loadingYear: "Chargement de l'année…"
        case let .syncing(done, total): "Synchronisation \(done)/\(total)…"
        case .syncingAccount: "Synchronisation du compte…"
        case let .accountSynced(months, date): "Compte à jour · \(months) mois · \(stamp(date))"
        case let .cached(date): "Données du \(stamp(date))"
        case let .updated(date): "Mis à jour à \(DateFormatting.time(date, in: timeZone))"
        case let .offline(pending, onlyExpenses):
            pending == 0 ? "Hors ligne" : "Hors ligne — \(pending) \(PendingText.noun(pending, onlyExpenses: onlyExpenses)) en attente"
        case let .error(failure, retry):
            Self.retryKey(retry).map { "\(failure.text) — \($0) pour réessayer" } ?? failure.text
        case let .refused(name, reason):
            "Dépense refusée : \(name) — \(reason.text) — Entrée pour corriger"
        case let .gesture(news): news.text
        }
    }

    /// A plain sentence for `--plain` mode and the log: no ellipsis glyphs, no symbols.
    public func sentence(_ entry: StatusEntry) -> String {
        switch entry.kind {
        case .checkingService: "Vérification du service en cours."
        case .connecting: "Connexion en cours."
        case .unlocking: "Déverrouillage en cours."
        case .loadingMonth: "Chargement du mois en cours."
        case .loadingYear: "Chargement de l'année en cours."
        case let .syncing(done, total): "Synchronisation de la dépense \(done) sur \(total)."
        case .syncingAccount: "Synchronisation du compte en cours."
        case let .accountSynced(months, date): "Compte à jour : \(months) mois, lus à \(stamp(date))."
        case let .cached(date): "Données enregistrées du \(stamp(date))."
        case let .updated(date): "Données mises à jour à \(DateFormatting.time(date, in: timeZone))."
        case let .offline(pending, onlyExpenses):
            switch pending {
            case 0: "Hors ligne."
            case 1: "Hors ligne. Une \(PendingText.noun(1, onlyExpenses: onlyExpenses)) en attente d'envoi."
            default: "Hors ligne. \(pending) \(PendingText.noun(pending, onlyExpenses: onlyExpenses)) en attente d'envoi."
            }
        case let .error(failure, retry):
            "Erreur : \(failure.text)." + (Self.retryKey(retry).map { " Appuie sur \($0) pour réessayer." } ?? "")
        case let .refused(name, reason):
            "Dépense refusée : \(name). Raison : \(reason.text). Appuie sur Entrée pour la corriger."
        case let .gesture(news): news.text.replacingOccurrences(of: " · u annuler", with: ". Appuie sur u pour annuler") + "."
        }
    }

    /// `14:32` today, `20.11. à 14:32` earlier this year, `30.12.2025 à 14:32` before.
    private func stamp(_ date: Date) -> String {
        let day = CalendarDay(date, in: timeZone)
        let clock = DateFormatting.time(date, in: timeZone)
        guard let today, day != today else { return clock }
        return (day.year == today.year ? DateFormatting.compactDate(day) : DateFormatting.swissDate(day)) + " à " + clock
    }

    /// The key the key table binds to `action` (« r » for `.refresh`).
    static func retryKey(_ action: Action?) -> String? {
        guard let action else { return nil }
        return KeyTable.bindings.first { $0.action == action }?.keys.first?.label(unicode: true)
    }
}

extension AppState {
    /// The local day the home screen shows (from the services' clock), wherever it waits.
    var homeToday: CalendarDay? {
        guard screen == .home || afterSplash == .home else { return nil }
        return home?.browse?.today
    }
}

extension AppState {
    /// The user's currency, once the settings say it (CHF until then, as Pulpe defaults).
    var currency: Currency {
        if let settings = shownHome?.settings.value { return settings.currency }
        return .chf
    }
}
