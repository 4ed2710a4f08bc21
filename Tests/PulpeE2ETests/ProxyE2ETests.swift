import Foundation
import PulpeTestSupport
import Testing

/// Decision 86 with the real binaries in a pseudo-terminal and a real proxy (`tinyproxy` on
/// loopback): the TUI signs in, browses and sends a queued expense once through `HTTP_PROXY`;
/// with `NO_PROXY` matching, the proxy sees nothing; a proxy that refuses is said in French, and
/// what was entered waits, unlost.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ProxyE2ETests {
    typealias QuickAdd = QuickAddE2ETests
    typealias Shell = ShellAddE2ETests

    static let name = "Par le proxy"

    @Test func theTUISignsInBrowsesAndSendsAQueuedExpenseOnceThroughTheProxy() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-proxy")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        var proxy = try TinyProxy()
        defer { proxy.stop() }
        let tunnel = "127.0.0.1:\(port)"
        let viaProxy = ["HTTP_PROXY": proxy.url, "HTTPS_PROXY": proxy.url]

        let p = try QuickAdd.signIn(port: port, home: home.path, extra: viaProxy)
        defer { p.terminate() }
        #expect(proxy.tunnels.contains(tunnel), "signed in through the proxy: \(proxy.tunnels)")
        p.send("]")
        #expect(p.waitText("Mis à jour à", timeout: 10), "the next month read through it\n\(p.screen.text)")
        p.send("[")

        // The proxy gone: the expense is stored and waits; the proxy back: sent once.
        proxy.stop()
        QuickAdd.quickAdd(p, amount: "9.40", description: Self.name)
        #expect(p.waitText("1 dépense en attente", timeout: 10), "\(p.screen.text)")
        #expect(try server.transactions(email: QuickAdd.email).allSatisfy { $0.name != Self.name })
        proxy = try TinyProxy(port: proxy.port)
        p.send("s")
        let sent = QuickAdd.serverEventually(server, timeout: 20) { $0.contains { $0.name == Self.name } }
        #expect(sent.filter { $0.name == Self.name }.map(\.amount) == ["9.4"], "\(sent)")
        #expect(proxy.tunnels.contains(tunnel), "sent through the proxy back: \(proxy.tunnels)")
        #expect(p.pump(timeout: 10) { !$0.text.contains("en attente") }, "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
        #expect(try server.transactions(email: QuickAdd.email).filter { $0.name == Self.name }.count == 1, "once")

        // NO_PROXY naming the server: the proxy sees nothing.
        let api = ["--api-url", "http://\(tunnel)/api/v1"]
        let before = proxy.tunnels.count
        let direct = try Shell.pulpe(["status", "--max-age", "0"] + api, home: home.path,
                                     extra: viaProxy.merging(["NO_PROXY": "localhost,127.0.0.1"]) { $1 })
        #expect(direct.status == 0, "\(direct)")
        #expect(proxy.tunnels.count == before, "\(proxy.tunnels)")
        let config = try Shell.pulpe(["config"] + api, home: home.path, extra: viaProxy.merging(["NO_PROXY": "127.0.0.1"]) { $1 })
        #expect(config.out.contains("none (127.0.0.1 is in no_proxy)"), "\(config.out)")

        // A proxy that refuses: said in French, the expense stored and queued (exit 75), nothing lost.
        let refusing = try TinyProxy(refusing: true)
        defer { refusing.stop() }
        let refused = try Shell.pulpe(["add", "4.20", "Refusé par le proxy"] + api, home: home.path,
                                      extra: ["HTTP_PROXY": refusing.url])
        #expect(refused.status == 75, "\(refused)")
        #expect(refused.out.contains("Le proxy refuse la connexion"), "\(refused)")
        let pending = try Shell.pulpe(["pending"] + api, home: home.path)
        #expect(pending.out.contains("Refusé par le proxy"), "\(pending)")
        let screen = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api,
                                    env: PTYEnvironment.standard(home: home.path, extra: ["HTTP_PROXY": refusing.url]), rows: 24, cols: 80)
        defer { screen.terminate() }
        #expect(screen.waitText("Hors ligne", timeout: 10), "the cached month, offline\n\(screen.screen.text)")
        screen.send("q")
        _ = screen.waitExit()
        // With nothing cached, « Connexion impossible » names the proxy, not the internet connection.
        let fresh = try TemporaryDirectory(prefix: "pulpe-proxy-fresh")
        defer { fresh.remove() }
        let first = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api,
                                   env: PTYEnvironment.standard(home: fresh.path, extra: ["HTTP_PROXY": refusing.url]), rows: 24, cols: 80)
        defer { first.terminate() }
        #expect(first.waitText("Le proxy refuse la connexion", timeout: 10), "\(first.screen.text)")
        #expect(first.screen.text.contains("Connexion impossible"), "\(first.screen.text)")
        first.send("q")
        _ = first.waitExit()
        let synced = try Shell.pulpe(["sync"] + api, home: home.path)
        #expect(synced.status == 0, "\(synced)")
        #expect(try server.transactions(email: QuickAdd.email).filter { $0.name == "Refusé par le proxy" }.count == 1)
    }
}
