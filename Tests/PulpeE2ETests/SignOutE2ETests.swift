import PulpeTestSupport
import Testing

/// « Se déconnecter » / « Changer de compte » in the TUI (decision 101), with the real binary in a
/// pseudo-terminal: a demo session used to be left only by `pulpe forget`; `D` asks first, saying
/// what waits, and Entrée signs out to the login screen, where the demo (or another account) is
/// chosen again.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SignOutE2ETests {
    @Test func theDemoSignsOutToTheLoginScreenAndComesBack() throws {
        let app = try IsolatedApp(BinaryLocator.path(of: "pulpe"), rows: 30, cols: 100)
        let p = app.process
        #expect(p.waitText("Essayer la d", timeout: 10), "\(p.screen.text)")
        p.sendKey(.ctrl("d"))
        #expect(p.waitText("Disponible à dépenser", timeout: 10), "\(p.screen.text)")
        p.settle()

        // A frame may arrive in more than one read: each wait is for the whole of what it checks.
        p.send("D")
        #expect(p.pump(timeout: 5) { screen in
            ["Se déconnecter ?", "Rien en attente.", "Entrée  Se déconnecter     Échap  Rester"].allSatisfy(screen.text.contains)
        }, "the panel says what waits: \(p.screen.text)")
        p.settle()
        p.sendKey(.escape)
        #expect(p.pump(timeout: 5) { !$0.text.contains("Se déconnecter ?") && $0.text.contains("Disponible à dépenser") },
                "Échap keeps the session: \(p.screen.text)")
        p.settle()

        p.send("D")
        #expect(p.waitText("Se déconnecter ?", timeout: 5), "\(p.screen.text)")
        p.settle()
        p.sendKey(.enter)
        #expect(p.pump(timeout: 10) { screen in
            screen.text.contains("Mot de passe") && screen.text.contains("Essayer la démo") && !screen.text.contains("Disponible à dépenser")
        }, "the login screen: \(p.screen.text)")
        p.settle()

        p.sendKey(.ctrl("d"))
        #expect(p.waitText("Disponible à dépenser", timeout: 10), "the demo again: \(p.screen.text)")
        p.settle()
        p.send("q")
        #expect(p.waitExit() == 0)
    }
}
