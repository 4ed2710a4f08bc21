import Foundation
import PulpeCore
import PulpeDomain
import Testing
@testable import PulpeUI

/// The status line's words come from data: dates said in the user's time zone, failures in
/// French, the retry key from the key table.
@Suite struct StatusTextTests {
    let words = StatusText(timeZone: PanelFixtures.timeZone, today: CalendarDay(year: 2026, month: 11, day: 21))

    @Test func frenchTextsAndPlainSentences() {
        #expect(words.text(StatusEntry(.syncing(done: 1, total: 3))) == "Synchronisation 1/3…")
        #expect(words.text(StatusEntry(.offline(pending: 2))) == "Hors ligne — 2 dépenses en attente")
        #expect(words.text(StatusEntry(.offline(pending: 1))) == "Hors ligne — 1 dépense en attente")
        #expect(words.text(StatusEntry(.updated(at: at("14:32")))) == "Mis à jour à 14:32")
        #expect(words.sentence(StatusEntry(.loadingMonth)) == "Chargement du mois en cours.")
        #expect(words.sentence(StatusEntry(.offline(pending: 2))) == "Hors ligne. 2 dépenses en attente d'envoi.")
    }

    /// A check, an edit or a delete waiting is not a « dépense »: as soon as one waits, what waits
    /// is worded « modifications » — on the line, in its sentence and in the quit question.
    @Test func whatWaitsIsWordedModificationsOnceAChangeWaits() {
        #expect(words.text(StatusEntry(.offline(pending: 1, onlyExpenses: false))) == "Hors ligne — 1 modification en attente")
        #expect(words.text(StatusEntry(.offline(pending: 3, onlyExpenses: false))) == "Hors ligne — 3 modifications en attente")
        #expect(words.sentence(StatusEntry(.offline(pending: 1, onlyExpenses: false))) == "Hors ligne. Une modification en attente d'envoi.")
        #expect(ConfirmText.lines(.quitWithPending(count: 1, onlyExpenses: false), currency: .chf)
            == ["1 modification pas encore envoyée — quitter quand même ?", "(elle partira au prochain lancement)"])
        #expect(ConfirmText.lines(.quitWithPending(count: 2), currency: .chf)
            == ["2 dépenses pas encore envoyées — quitter quand même ?", "(elles partiront au prochain lancement)"])
    }

    @Test func cachedDataFromAnEarlierDaySaysWhichDay() {
        #expect(words.text(StatusEntry(.cached(at: at("09:15")))) == "Données du 09:15")
        #expect(words.text(StatusEntry(.cached(at: at("14:32", day: 20)))) == "Données du 20.11. à 14:32")
        let lastYear = at("14:32").addingTimeInterval(-400 * 86_400)
        #expect(words.text(StatusEntry(.cached(at: lastYear))) == "Données du 17.10.2025 à 14:32")
    }

    @Test func theTimeIsSaidInTheUsersTimeZone() {
        let utc = StatusText(timeZone: .utc, today: nil)
        #expect(utc.text(StatusEntry(.updated(at: at("14:32")))) == "Mis à jour à 13:32")
    }

    @Test func anErrorNamesTheKeyThatRetries() {
        #expect(words.text(StatusEntry(.error(.unreachable, retry: .browse(.refresh))))
                == "Connexion impossible — vérifie ta connexion internet — r pour réessayer")
        #expect(words.text(StatusEntry(.error(.serverError, retry: nil)))
                == "Le serveur a rencontré un problème — réessaie dans un instant")
        #expect(words.sentence(StatusEntry(.error(.offline, retry: .browse(.refresh))))
                == "Erreur : Hors ligne — vérifie ta connexion. Appuie sur r pour réessayer.")
    }

    @Test func formsAndMaintenanceFeedbackAreWorded() {
        #expect(FormProblem.emailMissing.text == "Ajoute ton email")
        #expect(FormProblem.failed(.wrongPin).text == "Code incorrect — réessaie")
        #expect(MaintenanceFeedback.stillInMaintenance.text == "Toujours en maintenance — réessaie dans un instant")
        #expect(MaintenanceFeedback.connectionTrouble.text == "Connexion difficile — réessaie dans un instant")
    }
}
