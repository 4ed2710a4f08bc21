import Foundation
import PulpeStore
import Synchronization
import PulpeTestSupport
import Testing

/// Decision 33: 200 expenses added with `pulpe add` while the sandbox drops, delays and fails a share
/// of requests — including failing *after* storing — and while the client is SIGKILLed at random
/// moments. Afterwards the server holds exactly the 200, each once, with the right amounts, and
/// the outbox is empty.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct OutboxFaultInjectionTests {
    static let count = 200
    static let parallel = 8

    /// A throw-away demo session (no PIN needed: the demo key is public), made once in the TUI.
    static func demoSession(port: Int, home: String) throws -> String {
        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: ["--api-url", "http://127.0.0.1:\(port)/api/v1"],
                               env: PTYEnvironment.standard(home: home), rows: 30, cols: 100)
        defer { p.terminate() }
        #expect(p.waitText("Mot de passe", timeout: 10), "\(p.screen.text)")
        p.sendKey(.ctrl("d"))
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
        p.send("q")
        // A clean exit (its files closed and checkpointed), however busy the machine: a TUI killed
        // mid-exit leaves an outbox WAL behind that the damaged-file tests did not ask for.
        _ = p.waitExit(timeout: 30)
        let sessionFile = home + "/.local/state/pulpe/session.json"
        let text = (try? String(contentsOfFile: sessionFile, encoding: .utf8)) ?? ""
        let email = text.range(of: #"demo-[0-9a-z]+@demo\.pulpe\.local"#, options: .regularExpression).map { String(text[$0]) }
        return try #require(email, "no demo session in \(sessionFile)")
    }

    /// One `pulpe add`, maybe killed after `killAfter` seconds; returns whether it was killed.
    static func add(index: Int, port: Int, home: String, killAfter: Double?) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryLocator.path(of: "pulpe"))
        process.arguments = ["add", "--api-url", "http://127.0.0.1:\(port)/api/v1", "--wait", "1", amount(index), name(index)]
        process.environment = PTYEnvironment.anchoring(["HOME": home, "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let killAfter {
            Thread.sleep(forTimeInterval: killAfter)
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return true
            }
        }
        process.waitUntilExit()
        return false
    }

    static func name(_ index: Int) -> String { "Panne \(index)" }
    /// Distinct amounts with cents, so a wrong or doubled amount shows.
    static func amount(_ index: Int) -> String { "\(index + 1).\(String(format: "%02d", index % 100))" }

    @Test func twoHundredExpensesArriveExactlyOnceThroughFaultsAndKills() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-faults")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-faults-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port, dataDir: data.path, arguments: ["--seed", "12"])
        defer { server.stop() }
        let email = try Self.demoSession(port: port, home: home.path)
        try server.setFaults(rate: 0.3, kinds: ["500", "503", "drop", "created-500", "created-drop", "slow"])
        let outbox = try SealedHome.outbox(home: home.path)

        var generator = SystemRandomNumberGenerator()
        let kills = Mutex(0)
        let reAdds = Mutex(0)
        var next = 0
        let homePath = home.path
        let started = Date()
        // Each expense is added until it is stored (a kill before the commit stores nothing — as if
        // the user had not pressed Entrée); `parallel` adds run at once, sharing the outbox.
        while next < Self.count {
            let batch = Array(next..<min(Self.count, next + Self.parallel))
            next += batch.count
            let plans = batch.map { index in (index, Bool.random(using: &generator) ? Double.random(in: 0.05...0.6, using: &generator) : nil) }
            DispatchQueue.concurrentPerform(iterations: plans.count) { slot in
                let (index, killAfter) = plans[slot]
                var killAt = killAfter
                while true {
                    let killed = (try? Self.add(index: index, port: port, home: homePath, killAfter: killAt)) ?? false
                    if killed { kills.withLock { $0 += 1 } }
                    if Self.stored(index, outbox: outbox, port: port, email: email) { break }
                    reAdds.withLock { $0 += 1 }
                    killAt = nil   // typed again, calmly
                }
            }
        }
        // The next `pulpe` of any kind sends what waits: drain with `pulpe sync`, faults still on.
        var syncs = 0
        while (try? outbox.totalCount()) ?? 1 > 0, syncs < 60 {
            syncs += 1
            let sync = Process()
            sync.executableURL = URL(fileURLWithPath: BinaryLocator.path(of: "pulpe"))
            sync.arguments = ["sync", "--api-url", "http://127.0.0.1:\(port)/api/v1"]
            sync.environment = PTYEnvironment.anchoring(["HOME": home.path, "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"])
            sync.standardOutput = FileHandle.nullDevice
            sync.standardError = FileHandle.nullDevice
            try sync.run()
            sync.waitUntilExit()
        }
        try server.setFaults(rate: 0, kinds: ["500"])
        let held = try server.transactions(email: email).filter { $0.name.hasPrefix("Panne ") }
        var byName: [String: [String]] = [:]
        for row in held { byName[row.name, default: []].append(row.amount) }
        let doubled = byName.filter { $0.value.count > 1 }.keys.sorted()
        let missing = (0..<Self.count).map(Self.name).filter { byName[$0] == nil }
        let wrong = (0..<Self.count).filter { index in
            byName[Self.name(index)].map { $0 != [Decimal(string: Self.amount(index))!.description] } ?? false
        }
        #expect(held.count == Self.count, "the server holds \(held.count)")
        #expect(doubled.isEmpty, "sent twice: \(doubled)")
        #expect(missing.isEmpty, "lost: \(missing)")
        #expect(wrong.isEmpty, "wrong amounts: \(wrong.map(Self.name))")
        #expect(try outbox.totalCount() == 0, "the outbox is empty")
        let log = (try? String(contentsOfFile: home.path + "/.local/state/pulpe/pulpe.log", encoding: .utf8)) ?? ""
        let replays = log.components(separatedBy: "replay found it already on the server").count - 1
        let logLines = log.split(separator: "\n")
        func ids(_ marker: String) -> Set<String> {
            Set(logLines.filter { $0.contains(marker) }.compactMap { line in
                line.range(of: #"id=[0-9a-f-]{36}"#, options: .regularExpression).map { String(line[$0].dropFirst(3)) }
            })
        }
        // Sent after a failed attempt (a fault, a lost answer): found by a replay's 409 or by the
        // look-up a create's failure leads to.
        let resent = ids("outbox: sent").union(ids("replay found it already")).intersection(ids("outbox: send failed")).count
        // A run with no kill or no send that failed first would pass while proving nothing.
        #expect(kills.withLock { $0 } > 0, "no `pulpe add` was killed")
        #expect(resent > 0, "no expense was sent again after a failed attempt")
        print("fault injection: \(Self.count) expenses, \(kills.withLock { $0 }) kills, \(reAdds.withLock { $0 }) re-adds after a kill before the commit, "
              + "\(replays) replays answered 409, \(resent) sent after a failed attempt, \(syncs) pulpe sync runs, \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }

    /// Whether expense `index` is stored somewhere: in the outbox, or already on the server.
    static func stored(_ index: Int, outbox: OutboxStore, port: Int, email: String) -> Bool {
        let name = name(index)
        if (try? outbox.containsItem(named: name)) == true { return true }
        return ((try? SandboxProcess.transactions(port: port, email: email)) ?? []).contains { $0.name == name }
    }
}
