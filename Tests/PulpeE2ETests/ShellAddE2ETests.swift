import Foundation
import PulpeStore
import PulpeTestSupport
import Testing

/// `pulpe add` and `pulpe sync` as a script sees them: exit statuses (sysexits), one line saying
/// what happened, nothing stored for bad input, and what waited sent once by the next `pulpe sync`.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ShellAddE2ETests {
    struct Run {
        var status: Int32
        var out: String
        var err: String
    }

    /// `binary`: another `pulpe` than the build's (a launcher alone); `extra`: more environment.
    static func pulpe(_ arguments: [String], home: String, stdin: String? = nil, binary: String? = nil,
                      extra: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary ?? BinaryLocator.path(of: "pulpe"))
        process.arguments = arguments
        process.environment = PTYEnvironment.anchoring(["HOME": home, "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"].merging(extra) { $1 })
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, out: String(decoding: output, as: UTF8.self),
                   err: String(decoding: errors, as: UTF8.self))
    }

    @Test func statusesForSentQueuedInvalidAndSignedOut() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-shell-add")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-shell-add-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        var server = try SandboxProcess(port: port, dataDir: data.path)

        let signedOut = try Self.pulpe(["add"] + api + ["4.50", "Café"], home: home.path)
        #expect(signedOut.status == 77, "\(signedOut)")
        #expect(signedOut.err.contains("not signed in"))

        let email = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let outbox = try SealedHome.outbox(home: home.path)

        let sent = try Self.pulpe(["add"] + api + ["12+8.50", "Café", "du", "coin"], home: home.path)
        #expect(sent.status == 0, "\(sent)")
        #expect(sent.out.hasPrefix("Envoyée : Café du coin — 20.50 CHF ("), "one line saying what happened: \(sent.out)")
        #expect(sent.out.split(separator: "\n").count == 1)
        let piped = try Self.pulpe(["add"] + api + ["-"], home: home.path, stdin: "3,20 Pain\n")
        #expect(piped.status == 0, "\(piped)")

        for bad in [["0", "Zéro"], ["-3", "Négatif"], ["abc", "Texte"], ["5", String(repeating: "x", count: 101)], ["5", "   "]] {
            let run = try Self.pulpe(["add"] + api + ["--"] + bad, home: home.path)
            #expect(run.status == 65, "\(bad): \(run)")
            #expect(!run.err.isEmpty)
        }
        #expect(try outbox.totalCount() == 0, "bad input stores nothing")

        let status = try Self.pulpe(["status"] + api, home: home.path)
        #expect(status.status == 0, "\(status)")
        #expect(status.out.hasPrefix("Disponible ") && status.out.contains(" CHF"), "\(status.out)")
        let shaped = try Self.pulpe(["status", "--format", "{pending}|{compact}"] + api, home: home.path)
        #expect(shaped.out.hasPrefix("0|") && shaped.out.hasSuffix(" CHF\n"), "\(shaped.out)")

        server.stop()
        let queued = try Self.pulpe(["add"] + api + ["--date", "2026-11-20", "7.10", "Cinéma"], home: home.path)
        #expect(queued.status == 75, "\(queued)")
        #expect(queued.out.hasPrefix("En attente : Cinéma — 7.10 CHF"), "\(queued.out)")
        #expect(try outbox.totalCount() == 1)
        let stillDown = try Self.pulpe(["sync"] + api, home: home.path)
        #expect(stillDown.status == 75, "\(stillDown)")
        let offline = try Self.pulpe(["status", "--max-age", "0", "--json"] + api, home: home.path)
        let statusJSON = try JSONSerialization.jsonObject(with: Data(offline.out.utf8)) as? [String: Any]
        #expect(offline.status == 0, "the cached value when the server is away: \(offline)")
        #expect(statusJSON?["pending"] as? Int == 1 && statusJSON?["stale"] as? Bool == true, "\(offline.out)")
        #expect((statusJSON?["remaining"] as? String).map { Decimal(string: $0) != nil } == true, "exact decimal string")
        let pending = try Self.pulpe(["pending"] + api, home: home.path)
        #expect(pending.status == 0)
        #expect(pending.out.contains("20.11.2026  Cinéma — 7.10 CHF") && pending.out.contains("en attente"), "\(pending.out)")
        let pendingJSON = try Self.pulpe(["pending", "--json"] + api, home: home.path)
        let rows = try JSONSerialization.jsonObject(with: Data(pendingJSON.out.utf8)) as? [[String: String]]
        #expect(rows?.count == 1)
        #expect(rows?.first?["amount"] == "7.1" && rows?.first?["state"] == "pending" && rows?.first?["date"] == "2026-11-20",
                "\(pendingJSON.out)")

        server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        let drained = try Self.pulpe(["sync"] + api, home: home.path)
        #expect(drained.status == 0, "\(drained)")
        #expect(drained.out.contains("Envoyée : Cinéma — 7.10 CHF"), "\(drained.out)")
        #expect(try outbox.totalCount() == 0)
        let held = try server.transactions(email: email)
        #expect(held.filter { $0.name == "Cinéma" }.count == 1, "sent once")
        #expect(held.filter { $0.name == "Café du coin" }.map(\.amount) == ["20.5"])
        #expect(held.filter { $0.name == "Pain" }.map(\.amount) == ["3.2"])
        let nothing = try Self.pulpe(["sync"] + api, home: home.path)
        #expect(nothing.status == 0 && nothing.out.hasPrefix("Rien à envoyer\nCompte à jour · "), "\(nothing)")
        #expect(try Self.pulpe(["pending"] + api, home: home.path).out == "Rien en attente\n")
    }

    @Test func maintenanceQueuesTheAddAndTheCacheStillAnswers() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-shell-maint")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let email = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        #expect(try Self.pulpe(["month"] + api, home: home.path).status == 0, "fills the cache")

        try server.setMaintenance(true)
        let queued = try Self.pulpe(["add"] + api + ["--wait", "2", "6.40", "Kiosque"], home: home.path)
        #expect(queued.status == 75, "\(queued)")
        #expect(queued.out.hasPrefix("En attente : Kiosque — 6.40 CHF"), "\(queued.out)")
        let month = try Self.pulpe(["month", "--json", "--max-age", "0"] + api, home: home.path)
        #expect(month.status == 0, "the cached month during maintenance: \(month)")
        #expect(month.out.contains("\"stale\":true") && month.out.contains("Kiosque"), "with the queued row merged: \(month.out)")
        #expect(try Self.pulpe(["sync"] + api, home: home.path).status == 75)
        #expect(try server.transactions(email: email).filter { $0.name == "Kiosque" }.isEmpty)

        try server.setMaintenance(false)
        let drained = try Self.pulpe(["sync"] + api, home: home.path)
        #expect(drained.status == 0 && drained.out.contains("Envoyée : Kiosque"), "\(drained)")
        #expect(try server.transactions(email: email).filter { $0.name == "Kiosque" }.count == 1, "sent once")
    }
}
