import Foundation
import PulpeTestSupport
import Testing

/// issue 7: the panels against a real `pulpe-server`, then offline from the cache.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct BrowseE2ETests {
    @Test func browseThenRestartOfflineFromTheCache() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-browse")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let environment = PTYEnvironment.standard(home: home.path)
        let args = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        do {
            let server = try SandboxProcess(port: port)
            defer { server.stop() }
            let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args, env: environment, rows: 40, cols: 120)
            defer { p.terminate() }
            #expect(p.waitText("Mot de passe", timeout: 10), "\(p.screen.text)")
            p.send("demo@pulpe.local")
            p.sendKey(.enter)
            p.send("pulpe-demo")
            p.sendKey(.enter)
            #expect(p.waitText("Code PIN", timeout: 10))
            p.send("1234")
            #expect(p.waitText("Disponible à dépenser", timeout: 10), "\(p.screen.text)")
            #expect(p.waitText("Mis à jour à", timeout: 10), "\(p.screen.text)")
            p.settle()   // read the title row only once the paint is complete
            let current = p.screen.line(2)
            p.send("]")
            #expect(p.pump(timeout: 5) { $0.line(2) != current }, "] shows the next month")
            p.send("[")
            #expect(p.pump(timeout: 5) { $0.line(2) == current }, "[ comes back: \(p.screen.line(2))")
            p.send("]")
            p.send("]")
            p.send("t")
            #expect(p.pump(timeout: 5) { $0.line(2) == current }, "t returns to the current period")
            p.sendKey(.tab)
            p.sendKey(.left)
            p.sendKey(.enter)
            #expect(p.pump(timeout: 5) { $0.line(2) != current }, "Enter opens the selected month of the year")
            p.send("t")
            p.send("/")
            p.send("coop")
            #expect(p.waitText("« coop »", timeout: 5), "\(p.screen.text)")
            p.sendKey(.escape)
            #expect(p.pump(timeout: 5) { !$0.text.contains("« coop »") })
            p.send("q")
            #expect(p.waitExit() == 0)
        }
        // The server is gone: the next start offers the cache and shows it, marked offline.
        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args, env: environment, rows: 40, cols: 120)
        defer { p.terminate() }
        #expect(p.waitText("Connexion impossible", timeout: 10), "\(p.screen.text)")
        #expect(p.waitText("Continuer hors ligne", timeout: 5), "\(p.screen.text)")
        p.send("o")
        #expect(p.waitText("Disponible à dépenser", timeout: 10), "\(p.screen.text)")
        #expect(p.waitText("Hors ligne", timeout: 10), "\(p.screen.text)")
        #expect(p.waitText("Données du", timeout: 10), "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }
}
