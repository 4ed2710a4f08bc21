import Foundation
import PulpeTestSupport
import Testing

/// Maintenance switched on while the user is on the home screen is detected by the next
/// request; when it ends, the automatic re-check brings the user back without a key press.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct MaintenanceE2ETests {
    @Test func maintenanceFromHomeAndBackByItself() throws {
        let server = try SandboxProcess(port: SandboxProcess.freePort())
        defer { server.stop() }
        let app = try IsolatedApp(BinaryLocator.path(of: "pulpe"), args: ["--api-url", server.apiURL])
        let p = app.process
        #expect(p.waitText("Essayer la d", timeout: 10), "\(p.screen.text)")
        p.sendKey(.ctrl("d"))
        #expect(p.waitText("Disponible à dépenser", timeout: 10), "settings loaded on home: \(p.screen.text)")
        try server.setMaintenance(true)
        p.send("r")
        #expect(p.waitText("Maintenance en cours", timeout: 10), "\(p.screen.text)")
        try server.setMaintenance(false)
        // No key press: the automatic re-check (15 s plus up to 20 % jitter) brings the user back.
        // ncurses repaints top to bottom: wait for the whole screen to be home again.
        #expect(p.pump(timeout: 25) { $0.text.contains("Disponible à dépenser") && !$0.text.contains("Maintenance en cours") },
                "back home by itself: \(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }
}
