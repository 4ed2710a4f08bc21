import Foundation
import PulpeTestSupport
import Testing

/// Decision 35: a returning demo user's cached month is painted before `GET /maintenance/status`
/// answers (the real binary in a pty, against a `pulpe-server` that holds that route back), and
/// during maintenance `o` browses the cache while a quick-add waits in the outbox until it ends.
///
/// Ordering, not timing: the status route is held far longer than the app needs to start, and
/// each assertion is « this is on screen while that is not yet ».
@Suite(.serialized, .timeLimit(.minutes(3)))
struct FirstPaintE2ETests {
    /// How long the server holds `/maintenance/status` back: longer than the app needs to start on a
    /// loaded machine, shorter than the client's 10 s idle timeout (past it the check is « unreachable »).
    static let held = 9000

    /// A first run: « Essayer la démo », the month from the server (now in the cache), `q`.
    /// Returns the demo user's email, for the server's admin listing.
    static func firstRun(port: Int, home: String) throws -> String {
        let p = try app(port: port, home: home)
        defer { p.terminate() }
        #expect(p.waitText("Essayer la d", timeout: 10), "\(p.screen.text)")
        p.sendKey(.ctrl("d"))
        #expect(p.waitText("Mis à jour à", timeout: 20), "\(p.screen.text)")
        let email = p.screen.line(0).split(separator: " ").first { $0.contains("@") }.map(String.init) ?? ""
        p.send("q")
        #expect(p.waitExit() == 0)
        return email
    }

    static func app(port: Int, home: String) throws -> PTYProcess {
        try PTYProcess(BinaryLocator.path(of: "pulpe"), args: ["--api-url", "http://127.0.0.1:\(port)/api/v1"],
                       env: PTYEnvironment.standard(home: home), rows: 40, cols: 120)
    }

    @Test func theCachedMonthIsOnScreenWhileTheStatusCheckIsHeld() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-firstpaint")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        _ = try Self.firstRun(port: port, home: home.path)

        try server.setLatency(milliseconds: Self.held, pathPrefix: "/api/v1/maintenance/status")
        let p = try Self.app(port: port, home: home.path)
        defer { p.terminate() }
        // Well before the check can answer: the month, from the cache, and nothing from the server.
        #expect(p.waitText("Disponible à dépenser", timeout: Double(Self.held) / 1000 - 1), "\(p.screen.text)")
        #expect(!p.screen.text.contains("Mis à jour"), "no server answer can be there yet\n\(p.screen.text)")
        #expect(p.waitText("Données du", timeout: 5), "marked with its age\n\(p.screen.text)")
        // The check answers, the session is restored and the month refreshed behind the painted
        // one: it never leaves the screen (no splash, no « Vérification » screen again).
        var monthLeft = false
        let refreshed = p.pump(timeout: 60) { screen in
            if !screen.text.contains("Disponible à dépenser") { monthLeft = true }
            return screen.text.contains("Mis à jour à")
        }
        #expect(refreshed, "\(p.screen.text)")
        #expect(!monthLeft, "the month stayed on screen while the start-up went on")
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    @Test func inMaintenanceTheCachedMonthComesFirstThenOfflineTheExpenseWaitsAndLeavesOnce() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-firstpaint-maint")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let email = try Self.firstRun(port: port, home: home.path)
        #expect(email.contains("@"), "the demo user's email is in the header")

        try server.setMaintenance(true)
        try server.setLatency(milliseconds: Self.held, pathPrefix: "/api/v1/maintenance/status")
        let p = try Self.app(port: port, home: home.path)
        defer { p.terminate() }
        // In maintenance nothing but the cache can show the month, and nothing shows it after the
        // check's answer: seeing it at all proves it came first, however slow the start.
        #expect(p.waitText("Disponible à dépenser", timeout: 60), "the cached month first\n\(p.screen.text)")
        #expect(!p.screen.text.contains("Maintenance en cours"))
        #expect(p.waitText("Maintenance en cours", timeout: 30), "then the check's answer takes over\n\(p.screen.text)")
        #expect(p.waitText("Continuer hors ligne", timeout: 5), "offered: a cache exists\n\(p.screen.text)")

        p.send("o")
        #expect(p.pump(timeout: 10) { $0.text.contains("Disponible à dépenser") && $0.text.contains("Hors ligne") },
                "the cached month, marked offline\n\(p.screen.text)")
        QuickAddE2ETests.quickAdd(p, amount: "7.70", description: "Pendant la maintenance")
        #expect(p.waitText("1 dépense en attente", timeout: 10), "in the outbox\n\(p.screen.text)")
        #expect(try server.transactions(email: email).allSatisfy { $0.name != "Pendant la maintenance" },
                "nothing is sent during maintenance")

        try server.setLatency(milliseconds: 0)
        try server.setMaintenance(false)
        // No key: the re-check (15 s, then 30 s, + up to 20 %) runs behind the cache, then the
        // start-up refreshes and sends.
        let after = QuickAddE2ETests.serverEventually(server, user: email, timeout: 60) {
            $0.contains { $0.name == "Pendant la maintenance" }
        }
        #expect(after.filter { $0.name == "Pendant la maintenance" }.map(\.amount) == ["7.7"], "once: \(after)")
        #expect(p.pump(timeout: 15) { !$0.text.contains("en attente") && !$0.text.contains("Hors ligne") },
                "back online, nothing waits\n\(p.screen.text)")
        #expect(try server.transactions(email: email).filter { $0.name == "Pendant la maintenance" }.count == 1)
        p.send("q")
        #expect(p.waitExit() == 0)
    }
}
