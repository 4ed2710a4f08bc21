import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
@testable import PulpeUI
import Testing

/// The outbox's file in trouble (decision 40): the status line says it in French
/// whenever it is free, in the warning colour, and yields to loads and errors; the login form
/// says why a saved session is gone.
@Suite struct LocalFileNoticeTests {
    private func home(notice: OutboxNotice?, columns: Int = 120) -> AppState {
        let session = SessionSummary(email: "demo@pulpe.local", isDemo: false, isUnlocked: true)
        var state = AppState.at(home: HomeState(session: session), columns: columns, rows: 24)
        state.writes.outbox = OutboxSnapshot(items: [], notice: notice)
        return state
    }

    /// The status line: the row above the footer.
    private func statusLine(_ state: AppState) -> String {
        let lines = RootView.render(state, now: .zero, context: Contexts.colour).buffer.textLines()
        return lines[lines.count - 2]
    }

    @Test func aKeptAsideOutboxIsSaidWhileTheLineIsFree() {
        let state = home(notice: .keptAside(fileName: "outbox-damaged-20261124-002640.sqlite", count: 1))
        #expect(statusLine(state).trimmingCharacters(in: .whitespaces) == "Fichier d'attente endommagé mis de côté : "
                + "outbox-damaged-20261124-002640.sqlite — les nouvelles dépenses sont gardées")
    }

    @Test func anUnusableOutboxIsSaid() {
        #expect(statusLine(home(notice: .unavailable)).trimmingCharacters(in: .whitespaces)
                == "Fichier d'attente inutilisable — impossible d'enregistrer une dépense, vérifie le disque")
    }

    /// Decision 98: the outbox's key refused, nothing opened (never in clear).
    @Test func anOutboxThatCannotBeSealedSaysLocalDataAreUnavailable() {
        #expect(statusLine(home(notice: .unsealable)).trimmingCharacters(in: .whitespaces)
                == "Données locales indisponibles — impossible d'enregistrer une dépense, relance pulpe")
    }

    @Test func theNoticeYieldsToTheStatusAndIsCutToTheWidth() {
        var state = home(notice: .unavailable)
        state.status.post(StatusEntry(.loadingMonth), now: .zero)
        #expect(statusLine(state).contains("Chargement du mois"))
        #expect(!statusLine(state).contains("inutilisable"))
        let narrow = statusLine(home(notice: .unavailable, columns: 60))
        #expect(narrow.trimmingCharacters(in: .whitespaces) == "Fichier d'attente inutilisable — impossible d'enregistre…")
        #expect(!statusLine(home(notice: nil)).contains("Fichier"))
    }

    @Test func theLoginFormSaysTheSavedSessionWasUnreadable() {
        var form = LoginForm()
        form.error = .savedSessionUnreadable
        let lines = RootView.render(AppState.at(.login(form), columns: 80, rows: 24), now: .zero, context: Contexts.colour)
            .buffer.textLines()
        #expect(lines.contains { $0.contains("Session enregistrée illisible — reconnecte-toi") }, "\(lines)")
    }
}
