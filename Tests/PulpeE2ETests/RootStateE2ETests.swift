import Foundation
import PulpeTestSupport
import Testing

/// The start-up states: the app against a real `pulpe-server` that is stopped, started, or in maintenance.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct RootStateE2ETests {
    private var binary: String { BinaryLocator.path(of: "pulpe") }

    @Test func serverDownShowsConnexionImpossibleThenRetryGoesOn() throws {
        let port = SandboxProcess.freePort()
        let app = try IsolatedApp(binary, args: ["--api-url", "http://127.0.0.1:\(port)/api/v1"])
        let p = app.process
        #expect(p.waitText("Connexion impossible", timeout: 10), "\(p.screen.text)")
        p.settle()
        #expect(p.screen.text.contains("Impossible de joindre le serveur"))
        p.send("R")
        #expect(p.waitText("Toujours pas de réponse", timeout: 10), "\(p.screen.text)")
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        p.send("r")
        #expect(p.waitText("Mot de passe", timeout: 10), "login after the server came back: \(p.screen.text)")
        p.sendKey(.ctrlC)
        #expect(p.waitExit() == 130)
    }

    @Test func maintenanceScreenRetriesAndLeavesWhenItEnds() throws {
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port, maintenance: true)
        defer { server.stop() }
        let app = try IsolatedApp(binary, args: ["--api-url", server.apiURL])
        let p = app.process
        #expect(p.waitText("Maintenance en cours", timeout: 10), "\(p.screen.text)")
        p.settle()
        #expect(p.screen.text.contains("tes données sont bien au chaud"))
        #expect(p.screen.text.contains("Prochaine vérification dans"))
        let before = p.screen.text
        #expect(p.pump(timeout: 2) { $0.text != before }, "the animation advances")
        p.send("R")
        #expect(p.waitText("Toujours en maintenance — réessaie dans un instant", timeout: 10), "\(p.screen.text)")
        try server.setMaintenance(false)
        p.send("r")
        #expect(p.waitText("Mot de passe", timeout: 10), "\(p.screen.text)")
        p.sendKey(.ctrlC)
        #expect(p.waitExit() == 130)
    }

    @Test func anInvalidServerURLIsRefusedInEnglishOnStderr() throws {
        let app = try IsolatedApp(binary, args: ["--api-url", "http://example.com/api/v1"])
        let p = app.process
        #expect(p.waitExit() == 64)
        #expect(p.screen.text.contains("pulpe: "), "\(p.screen.text)")
        #expect(p.screen.text.contains("--allow-insecure-http"), "\(p.screen.text)")
    }
}
