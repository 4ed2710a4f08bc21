import Foundation
import PulpeTestSupport
import Testing

/// The data on disk as private as on the server (decision 83), through the real
/// binaries: after a sign-in, a browse and an expense queued offline, no name and no amount is
/// in any file of the home but the sandbox's own; locked, `pulpe pending` says how many wait and
/// nothing else, `pulpe status` refuses; the PIN opens them again; and a kill -9 leaves nothing
/// readable either.
@Suite(.serialized) struct SealedFilesE2ETests {
    /// Every file under `folder` whose bytes hold `text` (the sandbox server's own data aside).
    static func filesHolding(_ text: String, under folder: String) -> [String] {
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return files.filter { !$0.contains("/sandbox") }.filter { name in
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { return false }
            return data.range(of: Data(text.utf8)) != nil
        }
    }

    @Test func nothingReadableOnDiskAndLockedCountsOnly() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-sealed")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let environment = PTYEnvironment.standard(home: home.path)
        let args = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        var server: SandboxProcess? = try SandboxProcess(port: port)
        defer { server?.stop() }
        do {
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
            #expect(p.waitText("Loyer", timeout: 10), "\(p.screen.text)")
            p.send("q")
            #expect(p.waitExit() == 0)
        }
        #expect(try ShellAddE2ETests.pulpe(["sync", "--account"] + args, home: home.path).status == 0)
        server?.stop()
        server = nil
        let queued = try ShellAddE2ETests.pulpe(["add"] + args + ["--wait", "0", "4321.07", "Cinéma Pathé"], home: home.path)
        #expect(queued.status == 75, "\(queued)")
        // A change carries its item's name too (its label): neither the outbox nor the log shows it.
        let check = try ShellAddE2ETests.pulpe(["line", "check", "Loyer", "--wait", "0"] + args, home: home.path)
        #expect(check.status == 75, "\(check)")

        for secret in ["Loyer", "Cinéma Pathé", "4321.07", "SQLite format 3"] {
            #expect(Self.filesHolding(secret, under: home.path).isEmpty, "« \(secret) » readable in \(Self.filesHolding(secret, under: home.path))")
        }

        #expect(try ShellAddE2ETests.pulpe(["lock"] + args, home: home.path).status == 0)
        let pending = try ShellAddE2ETests.pulpe(["pending"] + args, home: home.path)
        #expect(pending.status == 0 && pending.out == "2 en attente · verrouillé — lance `pulpe unlock` pour les voir\n", "\(pending)")
        let status = try ShellAddE2ETests.pulpe(["status"] + args, home: home.path)
        #expect(status.status == 77 && status.out.isEmpty, "\(status)")
        let search = try ShellAddE2ETests.pulpe(["search", "Loyer"] + args, home: home.path)
        #expect(search.status == 77 && !search.out.contains("Loyer"), "\(search)")

        // The PIN, offline: checked against the sealed data on this machine; the expense is still there.
        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args, env: environment, rows: 40, cols: 120)
        defer { p.terminate() }
        #expect(p.waitText("Continuer hors ligne", timeout: 10), "\(p.screen.text)")
        p.send("o")
        #expect(p.waitText("Code PIN", timeout: 10), "\(p.screen.text)")
        p.send("1234")
        #expect(p.waitText("Cinéma Pathé", timeout: 15), "\(p.screen.text)")
        // Another expense stored, then the process killed outright: what it left mid-way (its
        // write-ahead logs) holds nothing readable either.
        QuickAddE2ETests.quickAdd(p, amount: "8765.43", description: "Théâtre du Jorat")
        // Stored (the form's own text shows it before): the status line counts it.
        #expect(p.waitText("3 modifications en attente", timeout: 10), "\(p.screen.text)")
        p.signal(SIGKILL)
        _ = p.terminate()
        for secret in ["Loyer", "Cinéma Pathé", "Théâtre du Jorat", "4321.07", "8765.43", "SQLite format 3"] {
            #expect(Self.filesHolding(secret, under: home.path).isEmpty, "« \(secret) » readable after a kill -9")
        }
        let after = try ShellAddE2ETests.pulpe(["pending"] + args, home: home.path)
        #expect(after.out.hasPrefix("3 en attente · verrouillé") || after.out.contains("Théâtre du Jorat"), "killed after its commit: \(after)")
    }
}
