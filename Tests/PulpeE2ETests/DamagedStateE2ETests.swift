import Foundation
import PulpeStore
import PulpeTestSupport
import Testing

/// Damaged local state, through the real binaries: each of pulpe's own files damaged
/// in its place, and a disk that refuses writes. What must hold: a French word on the TUI's
/// screen or an English line on the shell's stderr, never a crash or a hang, never an outbox item
/// lost — a damaged outbox is kept aside byte for byte (decision 40).
@Suite(.serialized, .timeLimit(.minutes(4)))
struct DamagedStateE2ETests {
    struct Run: CustomStringConvertible {
        var status: Int32
        var out: String
        var err: String
        var description: String { "status \(status)\nstdout: \(out)\nstderr: \(err)" }
    }

    /// A home with a demo session against `port` (signed in through the TUI, as a user would).
    struct Rig {
        let home: TemporaryDirectory
        let port: Int
        let data: TemporaryDirectory
        var server: SandboxProcess?
        var api: [String] { ["--api-url", "http://127.0.0.1:\(port)/api/v1"] }
        var state: String { home.path + "/.local/state/pulpe" }
        var outbox: String { home.path + "/.local/share/pulpe/outbox.sqlite" }
        var cache: String { home.path + "/.cache/pulpe/cache.sqlite" }
        var config: String { home.path + "/.config/pulpe/config.json" }
        var log: String { (try? String(contentsOfFile: state + "/pulpe.log", encoding: .utf8)) ?? "" }

        init(_ prefix: String) throws {
            home = try TemporaryDirectory(prefix: prefix)
            data = try TemporaryDirectory(prefix: prefix + "-server")
            port = SandboxProcess.freePort()
            server = try SandboxProcess(port: port, dataDir: data.path)
            _ = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        }

        func remove() {
            home.remove()
            data.remove()
        }

        /// `pulpe ARGS` with this home, stdin closed; `prefix` runs first (`sh -c` limits, `unshare`).
        func pulpe(_ arguments: [String], prefix: String? = nil) throws -> Run {
            let process = Process()
            let binary = BinaryLocator.path(of: "pulpe")
            if let prefix {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", prefix + "; exec \"$0\" \"$@\"", binary] + arguments
            } else {
                process.executableURL = URL(fileURLWithPath: binary)
                process.arguments = arguments
            }
            process.environment = PTYEnvironment.anchoring(["HOME": home.path, "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"])
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let output = out.fileHandleForReading.readDataToEndOfFile()
            let errors = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Run(status: process.terminationStatus, out: String(decoding: output, as: UTF8.self),
                       err: String(decoding: errors, as: UTF8.self))
        }

        /// The TUI against the server, in a pty; `prefix` as for `pulpe`.
        func tui(prefix: String? = nil, args: [String] = []) throws -> PTYProcess {
            let env = PTYEnvironment.standard(home: home.path)
            guard let prefix else {
                return try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api + args, env: env, rows: 30, cols: 120)
            }
            return try PTYProcess("/bin/sh", args: ["-c", prefix + "; exec \"$0\" \"$@\"", BinaryLocator.path(of: "pulpe")]
                                  + api + args, env: env, rows: 30, cols: 120)
        }

        func write(_ bytes: Data, to path: String) {
            // The file alone is damaged: a log SQLite left beside it would still hold good pages.
            for leftover in [path, path + "-wal", path + "-shm"] { try? FileManager.default.removeItem(atPath: leftover) }
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: bytes))
        }

        func makeDirectory(at path: String) {
            try? FileManager.default.removeItem(atPath: path)
            #expect((try? FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)) != nil)
        }
    }

    static let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })

    /// The damaged files' kept copies beside the outbox.
    static func keptAside(_ rig: Rig) -> [String] { DamagedOutbox.keptAside(besides: rig.outbox) }

    @Test func aDamagedOutboxIsKeptAsideAndNewExpensesStillGo() throws {
        let rig = try Rig("pulpe-damaged-outbox")
        defer { rig.remove() }
        rig.write(Self.garbage, to: rig.outbox)

        let add = try rig.pulpe(["add"] + rig.api + ["4.50", "Café"])
        #expect(add.status == 0, "\(add)")
        #expect(add.out.hasPrefix("Envoyée : Café — 4.50 CHF"), "\(add)")
        let kept = try #require(Self.keptAside(rig).first, "\(add)")
        #expect(add.err.contains("pulpe: warning: the outbox was damaged (file is not a database); kept aside as \(kept), "
                                 + "a fresh one is in use"), "\(add)")
        #expect(FileManager.default.contents(atPath: kept) == Self.garbage, "byte for byte")
        #expect(rig.log.contains("was damaged (file is not a database); it was kept aside, byte for byte, as \(kept)"))

        // Every later command says it is still there, until the user moves it.
        let status = try rig.pulpe(["status"] + rig.api)
        #expect(status.status == 0, "\(status)")
        #expect(status.err == "pulpe: warning: a damaged outbox is kept aside as \(kept); its expenses were not sent\n", "\(status)")

        // The TUI says it on the status line, in French, once the line is free.
        let p = try rig.tui()
        defer { p.terminate() }
        #expect(p.waitText("Disponible à dépenser", timeout: 15), "\(p.screen.text)")
        #expect(p.waitText("Fichier d'attente endommagé mis de côté : \((kept as NSString).lastPathComponent)",
                           timeout: 15), "\(p.screen.text)")
        QuickAddE2ETests.quickAdd(p, amount: "7.20", description: "Pain")
        let server = try #require(rig.server)
        let sent = QuickAddE2ETests.serverEventually(server, user: try Self.demoEmail(rig), timeout: 15) { rows in
            rows.contains { $0.name == "Pain" }
        }
        #expect(sent.filter { $0.name == "Pain" }.count == 1, "the fresh outbox sends: \(sent)")
        // The server may hold it before its answer reaches the app: `q` then asks first (« 1
        // dépense pas encore envoyée »). Quit once the app knows it is sent: its row on screen (so
        // the frame of the commit has been read — under load the server can have the expense before
        // the app has painted it) and no « en attente » left.
        #expect(p.pump(timeout: 10) { $0.text.contains("Pain") && !$0.text.contains("en attente") }, "\(p.screen.text)")
        p.send("q")
        // Under CI's load the exit can take longer than the default 5 s (the stores closed and
        // stamped); a late « quitter quand même ? » (the sent answer read after `q`) is answered.
        if p.pump(timeout: 2, until: { $0.text.contains("quitter quand même") }) { p.send("o") }
        #expect(p.waitExit(timeout: 20) == 0, "\(p.screen.text)")
        #expect(FileManager.default.contents(atPath: kept) == Self.garbage, "never touched again")
    }

    @Test func aDirectoryInTheOutboxsPlaceIsMovedAsideToo() throws {
        let rig = try Rig("pulpe-outbox-dir")
        defer { rig.remove() }
        rig.makeDirectory(at: rig.outbox)
        let add = try rig.pulpe(["add"] + rig.api + ["3", "Journal"])
        #expect(add.status == 0, "\(add)")
        let kept = try #require(Self.keptAside(rig).first)
        #expect(add.err.contains("(a directory is in its place); kept aside as \(kept)"), "\(add)")
        #expect(FileManager.default.fileExists(atPath: kept + "/inside"))
    }

    @Test(arguments: ["garbage", "truncated", "empty", "directory"])
    func aDamagedSessionFileMeansSigningInAgain(_ damage: String) throws {
        let rig = try Rig("pulpe-damaged-session")
        defer { rig.remove() }
        let session = rig.state + "/session.json"
        let good = try #require(FileManager.default.contents(atPath: session))
        switch damage {
        case "garbage": rig.write(Self.garbage, to: session)
        case "truncated": rig.write(good.prefix(good.count / 2), to: session)
        case "empty": rig.write(Data(), to: session)
        default: rig.makeDirectory(at: session)
        }
        let status = try rig.pulpe(["status"] + rig.api)
        #expect(status.status == 77, "\(status)")
        #expect(status.err == "pulpe: warning: the saved session cannot be read; sign in again with `pulpe`\n"
                + "pulpe: Pas connecté — lance pulpe et connecte-toi (not signed in)\n", "\(status)")
        let add = try rig.pulpe(["add"] + rig.api + ["4", "Café"])
        #expect(add.status == 77, "\(add)")

        let p = try rig.tui()
        defer { p.terminate() }
        #expect(p.waitText("Session enregistrée illisible — reconnecte-toi", timeout: 15), "\(p.screen.text)")
        #expect(p.screen.text.contains("Mot de passe"))
        p.sendKey(.ctrl("d"))
        #expect(p.waitText("Disponible à dépenser", timeout: 15), "signing in again works: \(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
        #expect(rig.log.contains("cannot read session file \(session): "), "the log names the file")
        if damage != "directory" {
            // The new session was written over the damaged file: the shell is signed in again.
            #expect(try rig.pulpe(["status"] + rig.api).status == 0)
        } else {
            #expect(FileManager.default.fileExists(atPath: session + "/inside"), "a directory is never removed")
            #expect(rig.log.contains("session not saved (\(session): "), "\(rig.log)")
        }
    }

    @Test(arguments: ["garbage", "truncated", "directory"])
    func aDamagedCacheIsRebuiltFromTheServer(_ damage: String) throws {
        let rig = try Rig("pulpe-damaged-cache")
        defer { rig.remove() }
        switch damage {
        case "garbage": rig.write(Self.garbage, to: rig.cache)
        case "truncated":
            let good = try #require(FileManager.default.contents(atPath: rig.cache))
            rig.write(good.prefix(good.count / 2), to: rig.cache)
        default: rig.makeDirectory(at: rig.cache)
        }
        let status = try rig.pulpe(["status"] + rig.api)
        #expect(status.status == 0, "\(status)")
        #expect(status.out.hasPrefix("Disponible "), "\(status)")
        #expect(status.err.isEmpty, "a cache is a copy: nothing to tell the user: \(status)")
        let p = try rig.tui()
        defer { p.terminate() }
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
        #expect(rig.log.contains(damage == "directory" ? "using an in-memory cache for this run" : "is not a usable cache"),
                "\(rig.log)")
    }

    @Test(arguments: ["garbage", "empty", "wrong shape", "directory"])
    func aDamagedConfigFileIsOneEnglishLine(_ damage: String) throws {
        let rig = try Rig("pulpe-damaged-config")
        defer { rig.remove() }
        let expected: String
        switch damage {
        case "garbage":
            rig.write(Self.garbage, to: rig.config)
            expected = "pulpe: config file \(rig.config): not a JSON object"
        case "empty":
            rig.write(Data(), to: rig.config)
            expected = "pulpe: config file \(rig.config): not a JSON object"
        case "wrong shape":
            rig.write(Data(#"{"profiles": ["pulpe"]}"#.utf8), to: rig.config)
            expected = "pulpe: config file \(rig.config): profiles must be an object of named server settings"
        default:
            rig.makeDirectory(at: rig.config)
            expected = "pulpe: cannot read the config file \(rig.config): a directory is in its place"
        }
        let status = try rig.pulpe(["status"])
        #expect(status.status == 64, "\(status)")
        #expect(status.err == expected + "\n", "\(status)")
        let p = try rig.tui(args: [])
        defer { p.terminate() }
        #expect(p.waitExit(timeout: 10) == 64, "\(p.screen.text)")
        // The line wraps at the pty's width: full rows joined give it back.
        #expect(p.screen.rowsText.joined().contains(expected), "\(p.screen.text)")
    }

    /// A full disk, simulated with RLIMIT_FSIZE = 0 and SIGXFSZ ignored in the child (writes fail
    /// with EFBIG, as tests may run as root, where permission bits mean nothing).
    @Test func aFullDiskRefusesTheExpenseSayingWhyAndLosesNothing() throws {
        var rig = try Rig("pulpe-full-disk")
        defer { rig.remove() }
        let full = "trap '' XFSZ; ulimit -f 0"
        // One expense queued while the server is away.
        rig.server?.stop()
        let queued = try rig.pulpe(["add"] + rig.api + ["--wait", "0", "9.90", "Cinéma"])
        #expect(queued.status == 75, "\(queued)")
        let outbox = try SealedHome.outbox(home: rig.home.path)
        #expect(try outbox.totalCount() == 1)

        // The server is back (the budget comes from it: the cache cannot be opened on this disk either).
        rig.server = try SandboxProcess(port: rig.port, dataDir: rig.data.path)
        let refused = try rig.pulpe(["add"] + rig.api + ["--wait", "0", "4.50", "Café"], prefix: full)
        #expect(refused.status == 74, "\(refused)")
        #expect(refused.err.contains("pulpe: Dépense non enregistrée — vérifie le disque"), "\(refused)")
        #expect(refused.out.isEmpty)
        #expect(try outbox.totalCount() == 1, "the queued expense is still there, and nothing half-written")
        #expect(!(try outbox.containsItem(named: "Café")))

        // The TUI, on the same full disk: the form stays open with what was typed, saying why.
        let p = try rig.tui(prefix: full)
        defer { p.terminate() }
        #expect(p.waitText("Disponible à dépenser", timeout: 15), "\(p.screen.text)")
        QuickAddE2ETests.quickAdd(p, amount: "4.50", description: "Café")
        #expect(p.waitText("Dépense non enregistrée — vérifie le disque", timeout: 10), "\(p.screen.text)")
        #expect(p.screen.text.contains("Café"), "what was typed is kept")
        // The status line blames the disk, never the server: the queued expense could not be claimed.
        #expect(p.screen.text.contains("Fichier d'attente"), "\(p.screen.text)")
        #expect(!p.screen.text.contains("Le serveur a rencontré un problème"), "\(p.screen.text)")
        p.sendKey(.ctrlC)
        #expect(p.waitExit(timeout: 10) == 130)

        // Space again: the queued expense goes, once.
        let sync = try rig.pulpe(["sync"] + rig.api)
        #expect(sync.status == 0, "\(sync)")
        #expect(try outbox.totalCount() == 0)
        let rows = try #require(rig.server).transactions(email: try Self.demoEmail(rig))
        #expect(rows.filter { $0.name == "Cinéma" }.count == 1)
        #expect(!rows.contains { $0.name == "Café" })
    }

    /// A read-only disk: a read-only bind mount of the data folder in a private mount namespace
    /// (`unshare -rm`), where the machine allows it; skipped (and said in docs/bad-inputs.md) where not.
    @Test(.enabled(if: DamagedStateE2ETests.canMountReadOnly))
    func aReadOnlyDataFolderRefusesTheExpenseSayingWhy() throws {
        let rig = try Rig("pulpe-read-only")
        defer { rig.remove() }
        let folder = (rig.outbox as NSString).deletingLastPathComponent
        let before = try #require(FileManager.default.contents(atPath: rig.outbox))
        let run = try rig.pulpe(["add"] + rig.api + ["4.50", "Café"],
                                prefix: "exec unshare -rm sh -c 'mount --bind -o ro \"$1\" \"$1\" && shift && exec \"$@\"' sh \(folder) \"$0\" \"$@\"; :")
        #expect(run.status == 74, "\(run)")
        #expect(run.err.contains("Dépense non enregistrée — vérifie le disque"), "\(run)")
        #expect(FileManager.default.contents(atPath: rig.outbox) == before, "left exactly as it was")
        #expect(Self.keptAside(rig).isEmpty, "a read-only disk is not damage")
    }

    static let canMountReadOnly: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "command -v unshare >/dev/null && unshare -rm sh -c 'mount --bind -o ro /tmp /tmp' 2>/dev/null"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    static func demoEmail(_ rig: Rig) throws -> String {
        let text = (try? String(contentsOfFile: rig.state + "/session.json", encoding: .utf8)) ?? ""
        let email = text.range(of: #"demo-[0-9a-z]+@demo\.pulpe\.local"#, options: .regularExpression).map { String(text[$0]) }
        return try #require(email)
    }
}
