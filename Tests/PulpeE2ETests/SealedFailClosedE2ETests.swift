import Foundation
import PulpeTestSupport
import Testing

/// Sealed files fail closed (decision 98), through the real binaries: when the key of
/// the outbox cannot be registered (the registry full, made by hand with the debug build's
/// `PULPE_TEST_SEALED_REGISTRY_FULL`), `pulpe add` stores nothing and exits 74 — it does not open
/// the sealed outbox without its key, judge it damaged and queue the expense in a fresh file in
/// clear.
@Suite(.serialized) struct SealedFailClosedE2ETests {
    /// Honoured by debug builds only (`SealedFiles.registryFullVariable`).
    static let registryFull = "PULPE_TEST_SEALED_REGISTRY_FULL"

    @Test func aKeyThatCannotBeRegisteredStoresNothingAndNothingInClear() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-fail-closed")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        _ = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let args = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]

        let refused = try ShellAddE2ETests.pulpe(["add"] + args + ["--wait", "0", "61.35", "Fleuriste Gerbe"], home: home.path,
                                                 extra: [Self.registryFull: "1"])
        #expect(refused.status == 74, "\(refused)")
        #expect(refused.err.contains("cannot be registered (sealed-file registry: code 13); not opened, never in clear"),
                "\(refused.err)")
        #expect(refused.err.contains("nothing stored"), "\(refused.err)")
        for secret in ["Fleuriste", "61.35", "SQLite format 3"] {
            let found = SealedFilesE2ETests.filesHolding(secret, under: home.path)
            #expect(found.isEmpty, "« \(secret) » readable in \(found)")
        }
        let outbox = home.path + "/.local/share/pulpe"
        let names = try FileManager.default.contentsOfDirectory(atPath: outbox)
        #expect(names.contains("outbox.sqlite"), "\(names)")
        #expect(!names.contains { $0.hasPrefix("outbox-damaged-") }, "the sealed outbox was set aside: \(names)")

        // The TUI says it on its status line, and opens nothing in clear either.
        do {
            let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args,
                                   env: PTYEnvironment.standard(home: home.path, extra: [Self.registryFull: "1"]), rows: 30, cols: 120)
            defer { p.terminate() }
            #expect(p.waitText("Données locales indisponibles — impossible d'enregistrer une dépense, relance pulpe", timeout: 15),
                    "\(p.screen.text)")
            p.send("q")
            _ = p.waitExit(timeout: 10)
        }
        #expect(SealedFilesE2ETests.filesHolding("SQLite format 3", under: home.path).isEmpty)

        // The registry free again: the same outbox takes the expense.
        let stored = try ShellAddE2ETests.pulpe(["add"] + args + ["--wait", "5", "61.35", "Fleuriste Gerbe"], home: home.path)
        #expect(stored.status == 0, "\(stored)")
    }
}
