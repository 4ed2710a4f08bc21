import Foundation
import PulpeTestSupport
import Testing

@Suite(.serialized, .timeLimit(.minutes(3)))
struct StaleKeyE2ETests {
    @Test func explore() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-stale")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
        defer { p.terminate() }
        p.settle()
        print("=== SCREEN\n\(p.screen.text)\n===")
        p.send("]")
        p.settle(quiet: 0.3)
        p.send("j"); p.settle(quiet: 0.3); p.send("j"); p.settle(quiet: 0.3)
        try (p.screen.text + "\n" + p.screen.styleSnapshot().joined(separator: "\n")).write(toFile: "/tmp/scratch/s2.txt", atomically: true, encoding: .utf8)
        p.send("L")
        p.settle(quiet: 0.5)
        print("=== SCREEN3\n\(p.screen.text)\n===")
    }
}
