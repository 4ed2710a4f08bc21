import Foundation
import PulpeNetworking
import PulpeStatusLine
import PulpeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// No client key in a file, ever (decision 103). This machine's tests run without a
/// login session keyring, so a PIN's key goes to the key agent: a `pulpe-app key-agent` holding
/// it in memory behind a 0600 socket in the home's runtime folder. Signed in with the PIN in the
/// TUI, then: the shell works without the PIN while no file under the home holds the key; `pulpe
/// lock` and a short `key_ttl` leave nothing that opens, and no agent; a `client-keys.json` of an
/// earlier version is moved to the agent and wiped.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KeyAgentE2ETests {
    /// A home, a sandbox and a PIN sign-in in the TUI, quit; `body` gets the home and the flags.
    static func signedIn(_ prefix: String, extra: [String: String] = [:],
                         _ body: (_ home: String, _ api: [String]) throws -> Void) throws {
        let home = try TemporaryDirectory(prefix: prefix)
        defer { home.remove() }
        defer { HomeKeyAgent.stop(home: home.path) }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        do {
            let p = try QuickAddE2ETests.signIn(port: port, home: home.path, extra: extra)
            defer { p.terminate() }
            p.send("q")
            #expect(p.waitExit() == 0)
        }
        try body(home.path, ["--api-url", "http://127.0.0.1:\(port)/api/v1"])
    }

    /// Every regular file under `folder`, and where it holds `key` — lowercase hex, uppercase hex
    /// or the raw 32 bytes.
    static func filesHolding(_ key: String, under folder: String) -> [String] {
        let raw = Data(stride(from: 0, to: key.count, by: 2).map { offset in
            let start = key.index(key.startIndex, offsetBy: offset)
            return UInt8(key[start..<key.index(start, offsetBy: 2)], radix: 16)!
        })
        let needles = [Data(key.lowercased().utf8), Data(key.uppercased().utf8), raw]
        var found: [String] = []
        let walker = FileManager.default.enumerator(atPath: folder)
        while let relative = walker?.nextObject() as? String {
            let path = folder + "/" + relative
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                  let bytes = FileManager.default.contents(atPath: path) else { continue }
            if needles.contains(where: { bytes.range(of: $0) != nil }) { found.append(relative) }
        }
        return found
    }

    @Test func theShellWorksWithoutThePinWhileNoFileHoldsTheKeyAndLockEndsTheAgent() throws {
        try Self.signedIn("pulpe-agent") { home, api in
            let key = try #require(HomeKeyAgent.clientKeys(home: home).first, "the agent holds the key")
            #expect(HomeKeyAgent.processes(home: home).count == 1, "one agent")
            let socket = HomeKeyAgent.socket(home: home)
            var info = stat()
            #expect(lstat(socket, &info) == 0 && info.st_mode & 0o777 == 0o600, "a 0600 socket")
            #expect(lstat((socket as NSString).deletingLastPathComponent, &info) == 0 && info.st_mode & 0o777 == 0o700)

            let status = try ShellAddE2ETests.pulpe(["status"] + api, home: home)
            #expect(status.status == 0, "\(status)")
            let month = try ShellAddE2ETests.pulpe(["month"] + api, home: home)
            #expect(month.status == 0 && month.out.contains("Disponible"), "\(month)")
            let unlockWords = try ShellAddE2ETests.pulpe(["config"], home: home)
            #expect(unlockWords.out.contains(socket), "pulpe config names the agent's socket: \(unlockWords.out)")
            let log = (try? String(contentsOfFile: home + "/.local/state/pulpe/pulpe.log", encoding: .utf8)) ?? ""
            #expect(log.contains("client key kept place=agent"), "\(log)")

            #expect(Self.filesHolding(key, under: home).isEmpty, "the key is in: \(Self.filesHolding(key, under: home))")
            #expect(!FileManager.default.fileExists(atPath: home + "/.local/state/pulpe/client-keys.json"))

            let lock = try ShellAddE2ETests.pulpe(["lock"] + api, home: home)
            #expect(lock.status == 0, "\(lock)")
            #expect(HomeKeyAgent.waitGone(home: home), "nothing held: the agent is gone")
            #expect(access(socket, F_OK) != 0, "and its socket")
            let locked = try ShellAddE2ETests.pulpe(["status"] + api, home: home)
            #expect(locked.status == 77, "\(locked)")
            #expect(try ShellAddE2ETests.pulpe(["month"] + api, home: home).status == 77)

            // Two unlocks at once: one agent.
            let runs = [0, 1].map { _ in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: BinaryLocator.path(of: "pulpe"))
                process.arguments = ["unlock", "--pin-stdin"] + api
                process.environment = PTYEnvironment.anchoring(["HOME": home, "PATH": "/usr/bin:/bin"])
                let input = Pipe()
                process.standardInput = input
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                return (process, input)
            }
            for (process, input) in runs {
                try process.run()
                input.fileHandleForWriting.write(Data("1234\n".utf8))
                try input.fileHandleForWriting.close()
            }
            for (process, _) in runs { process.waitUntilExit() }
            #expect(runs.allSatisfy { $0.0.terminationStatus == 0 })
            #expect(HomeKeyAgent.processes(home: home).count == 1, "a start race ends with one agent")
            #expect(try ShellAddE2ETests.pulpe(["status"] + api, home: home).status == 0)
        }
    }

    /// The launcher's fast path (decision 64) asks the agent whether the key is still kept: it
    /// answers while it is, and stops once `pulpe lock` made the agent go.
    @Test func theLaunchersFastPathAsksTheAgent() throws {
        try Self.signedIn("pulpe-agent-fast") { home, api in
            // Configured the way a status bar is: by the environment, no flag; figures allowed.
            let environment = ["PULPE_STATUS_FIGURES": "on", "PULPE_API_URL": api[1]]
            let memo = home + "/.cache/pulpe/status-line"
            for _ in 0..<3 where !((try? String(contentsOfFile: memo, encoding: .utf8))?.contains("key\tagent | ") ?? false) {
                _ = try ShellAddE2ETests.pulpe(["status"], home: home, extra: environment)
            }
            let text = (try? String(contentsOfFile: memo, encoding: .utf8)) ?? ""
            #expect(text.contains("key\tagent | "), "the memo names the agent: \(text)")
            // The launcher alone, without the app beside it, answers from the memo.
            let alone = try TemporaryDirectory(prefix: "pulpe-launcher-alone")
            defer { alone.remove() }
            let launcher = alone.path + "/pulpe"
            try FileManager.default.copyItem(atPath: BinaryLocator.path(of: "pulpe"), toPath: launcher)
            let fast = try ShellAddE2ETests.pulpe(["status"], home: home, binary: launcher, extra: environment)
            #expect(fast.status == 0 && !fast.out.isEmpty, "\(fast)")
            #expect(try ShellAddE2ETests.pulpe(["lock"], home: home, extra: environment).status == 0)
            #expect(HomeKeyAgent.waitGone(home: home))
            let after = try ShellAddE2ETests.pulpe(["status"], home: home, binary: launcher, extra: environment)
            #expect(after.status != 0, "no agent: the launcher hands over to the app, which is not there: \(after)")
        }
    }

    /// `status_figures` off, the default (decision 106): the launcher still answers `pulpe status`
    /// without the app, from the memo the app left in the agent's memory — no memo file, no file
    /// under the home holding the line's figures — and `pulpe lock` ends it with the key.
    @Test func theStatusBarIsAnsweredFromTheAgentsMemoryNeverFromAFile() throws {
        try Self.signedIn("pulpe-agent-memo") { home, api in
            let environment = ["PULPE_API_URL": api[1]]
            let alone = try TemporaryDirectory(prefix: "pulpe-launcher-alone")
            defer { alone.remove() }
            let launcher = alone.path + "/pulpe"
            try FileManager.default.copyItem(atPath: BinaryLocator.path(of: "pulpe"), toPath: launcher)
            var slow = try ShellAddE2ETests.pulpe(["status"], home: home, extra: environment)
            var fast = try ShellAddE2ETests.pulpe(["status"], home: home, binary: launcher, extra: environment)
            for _ in 0..<3 where fast.status != 0 {
                slow = try ShellAddE2ETests.pulpe(["status"], home: home, extra: environment)
                fast = try ShellAddE2ETests.pulpe(["status"], home: home, binary: launcher, extra: environment)
            }
            #expect(slow.status == 0 && slow.out.contains("CHF"), "\(slow)")
            #expect(fast.status == 0 && fast.out == slow.out, "the launcher alone answers as the app did: \(fast)")
            #expect(!FileManager.default.fileExists(atPath: home + "/.cache/pulpe/status-line"), "no memo file")
            let line = slow.out.trimmingCharacters(in: .whitespacesAndNewlines)
            let amount = try #require(line.components(separatedBy: " ").first { $0.contains(".") && $0.first?.isNumber == true },
                                      "an amount in \(line)")
            #expect(SealedFilesE2ETests.filesHolding(amount, under: home).isEmpty, "\(amount) in a file")
            #expect(try ShellAddE2ETests.pulpe(["lock"], home: home, extra: environment).status == 0)
            #expect(HomeKeyAgent.waitGone(home: home), "the memo does not keep the agent alive")
            let after = try ShellAddE2ETests.pulpe(["status"], home: home, binary: launcher, extra: environment)
            #expect(after.status != 0, "no agent: the launcher hands over to the app, which is not there: \(after)")
        }
    }

    @Test func aShortKeyTTLEndsTheKeyAndTheAgent() throws {
        try Self.signedIn("pulpe-agent-ttl", extra: ["PULPE_KEY_TTL": "4"]) { home, api in
            #expect(HomeKeyAgent.processes(home: home).count == 1)
            #expect(HomeKeyAgent.waitGone(home: home, timeout: 10), "gone at its TTL, by itself")
            #expect(HomeKeyAgent.clientKeys(home: home).isEmpty)
            let status = try ShellAddE2ETests.pulpe(["status"] + api, home: home)
            #expect(status.status == 77, "nothing opens without the PIN: \(status)")
            #expect(try ShellAddE2ETests.pulpe(["month"] + api, home: home).status == 77)
        }
    }

    /// An earlier version's `client-keys.json`, the key live in it: the next start moves it to the
    /// agent (the shell works without the PIN) and the file is gone.
    @Test func anOldKeptKeyFileIsMovedToTheAgentAndWiped() throws {
        try Self.signedIn("pulpe-agent-migrate") { home, api in
            let key = try #require(HomeKeyAgent.clientKeys(home: home).first)
            let state = home + "/.local/state/pulpe/"
            let session = try Data(contentsOf: URL(fileURLWithPath: state + "session.json"))
            let server = try #require((try JSONSerialization.jsonObject(with: session) as? [String: Any])?["servers"] as? [String: Any])
                .keys.first ?? ""
            let stored = try SessionStore(fileURL: URL(fileURLWithPath: state + "session.json")).load(server: server)
            let userId = try #require(stored).info.userId
            #expect(try ShellAddE2ETests.pulpe(["lock"] + api, home: home).status == 0)
            #expect(HomeKeyAgent.waitGone(home: home))
            let expires = Date().timeIntervalSince1970 + 3600
            let file = #"{"expires":{"\#(server) \#(userId)":\#(expires)},"keys":{"\#(server) \#(userId)":"\#(key)"},"version":1}"#
            #expect(FileManager.default.createFile(atPath: state + "client-keys.json", contents: Data(file.utf8),
                                                   attributes: [.posixPermissions: 0o600]))

            let status = try ShellAddE2ETests.pulpe(["status"] + api, home: home)
            #expect(status.status == 0, "the moved key opens: \(status)")
            #expect(!FileManager.default.fileExists(atPath: state + "client-keys.json"), "the file is gone")
            #expect(HomeKeyAgent.clientKeys(home: home) == [key], "held by the agent")
            #expect(Self.filesHolding(key, under: home).isEmpty, "\(Self.filesHolding(key, under: home))")
            let log = (try? String(contentsOfFile: state + "pulpe.log", encoding: .utf8)) ?? ""
            #expect(log.contains("1 kept key(s) moved to agent, the file wiped"), "\(log)")
        }
    }
}
