import Foundation
import GRDB
import PulpeCrypto
@testable import PulpeServices
@testable import PulpeStore
import PulpeTestSupport
import Testing

/// Decision 104: a `kill -9` between any two steps of the migration (a clear cache and outbox sealed
/// in place, a data key from before accounts bound to its account) or of a re-wrap (a PIN changed
/// elsewhere: the data key wrapped for the new client key) loses nothing. The debug build kills
/// itself at a named step (`PULPE_TEST_KILL_AT`, `KillPoint`); each run starts from a copy of a
/// locked home holding known queued writes and of its server, kills `pulpe unlock` there, unlocks
/// again and syncs: every write is sent exactly once, nothing is set aside, the right PIN opens the
/// data and no file under the home holds a name, an amount or SQLite's header. For a re-wrap, the
/// copy is first unlocked with the old PIN (its key kept, wherever keys are kept) and the PIN then
/// changed on the server.
///
/// Every point is taken, 30 in all, about 35 s on the 2-core machine; `PULPE_KILL_POINTS=a,b`
/// runs only those (a failure names its point).
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SealingKillE2ETests {
    /// The writes queued in both homes (distinct names and amounts, searched for on the disk).
    /// No amount under 60 before its point: « 52.09 » was found in the log as a timestamp's
    /// seconds and milliseconds (« 13:23:52.091 »), not as a leak.
    static let writes = [("Fromagerie Gruyère", "4318.27"), ("Abonnement Mobility", "917.63"), ("Bretzel Kiosque", "152.09")]
    static let secrets = writes.flatMap { [$0.0, $0.1] } + ["Loyer", "SQLite format 3"]
    static func api(_ port: Int) -> [String] { ["--api-url", "http://127.0.0.1:\(port)/api/v1"] }

    /// Every kill point of the migration: the vault's binding (first write) and the salt's (second),
    /// each sealed file's steps and the wipe of its clear copy.
    static var migrationPoints: [String] {
        let vault = ["@1", "@2"].flatMap { pass in DataKeyVault.killSteps.map { "data-key.json:\($0)\(pass)" } }
        let files = ["cache.sqlite", "outbox.sqlite"].flatMap { file in
            SealedFiles.killSteps.map { "\(file):\($0)" } + ["\(file).clear:zeroed"]
        }
        return vault + files
    }

    /// Every kill point of a re-wrap: the new client key's wrap (first write), then the salt's.
    static var rewrapPoints: [String] {
        ["@1", "@2"].flatMap { pass in DataKeyVault.killSteps.map { "data-key.json:\($0)\(pass)" } }
    }

    /// A home and its server's data, made once and copied for every kill.
    struct Fixture {
        let home: TemporaryDirectory
        let data: TemporaryDirectory
        let port: Int

        func remove() {
            home.remove()
            data.remove()
        }
    }

    /// Signed in with PIN 1234, the month cached, the writes queued during maintenance, then
    /// locked (no key kept). The server is stopped; its data stays in `data`.
    static func signedInWithQueuedWrites(_ prefix: String) throws -> Fixture {
        let home = try TemporaryDirectory(prefix: prefix)
        let data = try TemporaryDirectory(prefix: prefix + "-server")
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
        #expect(p.waitText("Loyer", timeout: 10), "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
        try server.setMaintenance(true)
        for (name, amount) in writes {
            let queued = try ShellAddE2ETests.pulpe(["add"] + api(port) + ["--wait", "0", amount, name], home: home.path)
            #expect(queued.status == 75, "\(queued)")
        }
        try server.setMaintenance(false)
        #expect(try ShellAddE2ETests.pulpe(["lock"] + api(port), home: home.path).status == 0)
        return Fixture(home: home, data: data, port: port)
    }

    /// The home as an older pulpe left it: the cache and the outbox in clear, the data key wrapped
    /// without an account (as before decision 99), and no key kept.
    static func beforeTheMigration() throws -> Fixture {
        let fixture = try signedInWithQueuedWrites("pulpe-kill-migration")
        let share = fixture.home.path + "/.local/share/pulpe"
        // The client key of PIN 1234, derived as the app does with the salt the vault keeps.
        let vault = DataKeyVault(path: share + "/data-key.json")
        let salt = try #require(vault.keptSalt(), "the vault keeps the salt of the last PIN")
        let clientKey = try ClientKey.derive(pin: "1234", saltHex: salt.salt, iterations: salt.kdfIterations)
        let key = try #require(vault.existingKey(clientKey: clientKey), "PIN 1234 opens the data key")
        try unseal(fixture.home.path + "/.cache/pulpe/cache.sqlite", key: key)
        try unseal(share + "/outbox.sqlite", key: key)
        let wrapping = try #require(DataKeyVault.wrappingKey(clientKey))
        let old = DataKeyVault.File(wraps: [try #require(key.wrapped(with: wrapping))])
        try JSONEncoder().encode(old).write(to: URL(fileURLWithPath: share + "/data-key.json"))
        #expect(SealedFiles.isClearDatabase(share + "/outbox.sqlite"))
        return fixture
    }

    /// The copy of the locked home unlocked with PIN 1234 (its key kept), then the PIN changed on
    /// « another device »: the kept key is stale, and the next PIN re-wraps the data key.
    static func pinChangedElsewhere(port: Int, home: String) throws {
        let unlocked = try ShellAddE2ETests.pulpe(["unlock", "--pin-stdin"] + api(port), home: home, stdin: "1234\n")
        #expect(unlocked.status == 0, "\(unlocked)")
        try StaleKeyE2ETests.changePin(port: port, pin: "5678")
    }

    /// The same, and the refusal already seen by another process — a status bar's `pulpe status`
    /// asked the server (exit 77, « Code d'accès modifié »): the stale key was dropped before the
    /// new PIN is typed, in another process.
    static func pinChangedElsewhereAndSeen(port: Int, home: String) throws {
        try pinChangedElsewhere(port: port, home: home)
        let status = try ShellAddE2ETests.pulpe(["status", "--max-age", "0"] + api(port), home: home)
        #expect(status.status == 77, "\(status)")
    }

    /// The sealed database at `path` written back in clear, as a pulpe from before decision 83 had it.
    static func unseal(_ path: String, key: DataKey) throws {
        _ = SealedFiles.isAvailable
        let clear = path + ".unsealed"
        try SealedFiles.register(path, key: key)
        defer { SealedFiles.forget(path) }
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: "VACUUM INTO ?", arguments: [clear]) }
        try queue.close()
        for companion in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + companion) }
        guard rename(clear, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Every file under `folder` holding one of `secrets`.
    static func readable(under folder: String) -> [String] {
        secrets.flatMap { secret in SealedFilesE2ETests.filesHolding(secret, under: folder).map { "« \(secret) » in \($0)" } }
    }

    /// One kill at `point` on a copy of `fixture`, then the checks; the failures, with the point.
    static func killAndRecover(_ fixture: Fixture, at point: String, pin: String,
                               before: (_ port: Int, _ home: String) throws -> Void = { _, _ in }) throws -> [String] {
        let home = try TemporaryDirectory(prefix: "pulpe-kill-run")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-kill-run-server")
        defer { data.remove() }
        // Everything but a runtime folder (`.run`: sockets, which are not copied and serve the original).
        for (from, to) in [(fixture.home.path, home.path), (fixture.data.path, data.path)] {
            for name in try FileManager.default.contentsOfDirectory(atPath: from) where name != ".run" {
                try FileManager.default.copyItem(atPath: from + "/" + name, toPath: to + "/" + name)
            }
        }
        let server = try SandboxProcess(port: fixture.port, dataDir: data.path)
        defer { server.stop() }
        let api = api(fixture.port)
        // Whatever kept a key for the copy lets go of it at the end (`pulpe lock`).
        defer { _ = try? ShellAddE2ETests.pulpe(["lock"] + api, home: home.path) }
        try before(fixture.port, home.path)
        var problems: [String] = []
        let killed = try ShellAddE2ETests.pulpe(["unlock", "--pin-stdin"] + api, home: home.path, stdin: pin + "\n",
                                                extra: [KillPoint.variable: point])
        // SIGKILL (9) at the point; any other end means the point was never reached.
        if killed.status != SIGKILL { problems.append("the kill point was not reached: \(killed)") }
        let unlocked = try ShellAddE2ETests.pulpe(["unlock", "--pin-stdin"] + api, home: home.path, stdin: pin + "\n")
        if unlocked.status != 0 { problems.append("unlock after the kill: \(unlocked)") }
        let sync = try ShellAddE2ETests.pulpe(["sync"] + api, home: home.path)
        if sync.status != 0 { problems.append("sync: \(sync)") }
        let held = try server.transactions(email: QuickAddE2ETests.email)
        for (name, amount) in writes {
            let sent = held.filter { $0.name == name }.map(\.amount)
            if sent != [Decimal(string: amount)!.description] { problems.append("\(name) sent as \(sent), not once as \(amount)") }
        }
        let pending = try ShellAddE2ETests.pulpe(["pending"] + api, home: home.path)
        if pending.out != "Rien en attente\n" { problems.append("pending: \(pending)") }
        let status = try ShellAddE2ETests.pulpe(["status", "--max-age", "3600"] + api, home: home.path)
        if status.status != 0 || !status.out.hasPrefix("Disponible ") { problems.append("the data does not open: \(status)") }
        let aside = TwoAccountsE2ETests.setAside(home: home.path)
        if !aside.isEmpty { problems.append("set aside: \(aside)") }
        problems += readable(under: home.path)
        if ProcessInfo.processInfo.environment["PULPE_KILL_VERBOSE"] != nil {
            let log = (try? String(contentsOfFile: home.path + "/.local/state/pulpe/pulpe.log", encoding: .utf8)) ?? ""
            print("\(point): killed \(killed.status)\n\(log)")
        }
        return problems.map { "\(point): \($0)" }
    }

    /// The points of this run: `points`, or those of them `PULPE_KILL_POINTS` names.
    static func chosen(_ points: [String]) -> [String] {
        guard let only = ProcessInfo.processInfo.environment["PULPE_KILL_POINTS"], !only.isEmpty else { return points }
        let names = Set(only.split(separator: ",").map(String.init))
        return points.filter(names.contains)
    }

    @Test func aKillAnywhereInTheMigrationLosesNothing() throws {
        let fixture = try Self.beforeTheMigration()
        defer { fixture.remove() }
        let points = Self.chosen(Self.migrationPoints)
        let started = Date()
        var problems: [String] = []
        for point in points { problems += try Self.killAndRecover(fixture, at: point, pin: "1234") }
        print("sealing kills, migration: \(points.count) points in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func aKillAnywhereInARewrapLosesNothing() throws {
        let fixture = try Self.signedInWithQueuedWrites("pulpe-kill-rewrap")
        defer { fixture.remove() }
        let points = Self.chosen(Self.rewrapPoints)
        let started = Date()
        var problems: [String] = []
        for point in points { problems += try Self.killAndRecover(fixture, at: point, pin: "5678", before: Self.pinChangedElsewhere) }
        print("sealing kills, re-wrap (the shell trusting a recent check): \(points.count) points in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func aKillAnywhereInARewrapAfterTheRefusalWasSeenLosesNothing() throws {
        let fixture = try Self.signedInWithQueuedWrites("pulpe-kill-rewrap-seen")
        defer { fixture.remove() }
        let points = Self.chosen(Self.rewrapPoints)
        let started = Date()
        var problems: [String] = []
        for point in points {
            problems += try Self.killAndRecover(fixture, at: point, pin: "5678", before: Self.pinChangedElsewhereAndSeen)
        }
        print("sealing kills, re-wrap (the refusal seen first): \(points.count) points in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
