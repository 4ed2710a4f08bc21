import Foundation
import PulpeTestSupport
import Testing

/// Secrets: a whole session — password login and PIN against a real `pulpe-server`,
/// browsing, an expense added, quit, then the shell — leaves the password, the PIN, the tokens
/// and the client key (hex and base64) nowhere but where they belong: the tokens in the 0600
/// session file, the key in the key agent's memory (decision 103). Private files found opened up are fixed at
/// the next start and the log says so; `http://` to another machine is refused everywhere.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SecretsE2ETests {
    static let password = "pulpe-demo"
    static let pin = "1234"

    /// Where `needle` occurs in `haystack`, as a short excerpt for the failure message (nil: nowhere).
    static func find(_ needle: String, in haystack: Data) -> String? {
        guard !needle.isEmpty, let range = haystack.range(of: Data(needle.utf8)) else { return nil }
        let from = max(haystack.startIndex, range.lowerBound - 40)
        let to = min(haystack.endIndex, range.upperBound + 40)
        return String(decoding: haystack[from..<to], as: UTF8.self)
    }

    /// The PIN as a token of its own (not a piece of 12345 or 1234.56, which amounts may hold).
    static func findPin(in haystack: Data) -> String? {
        let bytes = [UInt8](haystack)
        let pin = Array(pin.utf8)
        guard bytes.count >= pin.count else { return nil }
        /// Digits, separators and the apostrophe's last byte (’ is E2 80 99) around it make it part of a number.
        func partOfNumber(_ byte: UInt8) -> Bool { (48...57).contains(byte) || byte == 46 || byte == 44 || byte == 39 || byte == 0x99 }
        for start in 0...(bytes.count - pin.count) where Array(bytes[start..<(start + pin.count)]) == pin {
            if start > 0, partOfNumber(bytes[start - 1]) { continue }
            if start + pin.count < bytes.count, partOfNumber(bytes[start + pin.count]) { continue }
            let from = max(0, start - 40)
            let to = min(bytes.count, start + pin.count + 40)
            return String(decoding: bytes[from..<to], as: UTF8.self)
        }
        return nil
    }

    static func base64(hex: String) -> String {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return Data(bytes).base64EncodedString()
    }

    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int
    }

    @Test func aWholeSessionLeavesNoSecretWhereItDoesNotBelong() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-secrets")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]

        var terminal = Data()
        do {
            let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
            defer { p.terminate() }
            // Browse: the next month, back, the year panel, back, help, close.
            for key in ["]", "[", "t"] {
                p.send(key)
                _ = p.settle()
            }
            p.sendKey(.tab)
            #expect(p.waitText("Année", timeout: 5), "\(p.screen.text)")
            p.sendKey(.tab)
            p.send("?")
            _ = p.settle()
            p.sendKey(.escape)
            QuickAddE2ETests.quickAdd(p, amount: "12.40", description: "Librairie")
            let sent = QuickAddE2ETests.serverEventually(server, timeout: 15) { $0.contains { $0.name == "Librairie" } }
            #expect(sent.contains { $0.name == "Librairie" })
            _ = p.settle()
            p.send("q")
            #expect(p.waitExit() == 0)
            terminal.append(contentsOf: p.raw)
        }
        // The shell too: what it prints is terminal output as well.
        for arguments in [["status"], ["month"], ["pending"], ["add", "3.20", "Pain"], ["config"]] {
            let run = try ShellAddE2ETests.pulpe(arguments + (arguments == ["config"] ? [] : api), home: home.path)
            #expect(run.status == 0, "\(arguments): \(run)")
            terminal.append(contentsOf: Data((run.out + run.err).utf8))
        }

        let state = home.path + "/.local/state/pulpe"
        let sessionPath = state + "/session.json"
        let session = try #require(FileManager.default.contents(atPath: sessionPath))
        let sessionJSON = try #require(try JSONSerialization.jsonObject(with: session) as? [String: Any])
        let entry = try #require((sessionJSON["servers"] as? [String: Any])?.values.first as? [String: Any])
        let tokens = try #require(entry["session"] as? [String: Any])
        let access = try #require(tokens["access_token"] as? String)
        let refresh = try #require(tokens["refresh_token"] as? String)
        let key = try #require(HomeKeyAgent.clientKeys(home: home.path).first, "the agent holds the key")
        defer { HomeKeyAgent.stop(home: home.path) }
        #expect(key.count == 64)
        let secrets = ["password": Self.password, "access token": access, "refresh token": refresh,
                       "client key (hex)": key, "client key (HEX)": key.uppercased(),
                       "client key (base64)": Self.base64(hex: key)]

        let log = try #require(FileManager.default.contents(atPath: state + "/pulpe.log"))
        #expect(!log.isEmpty)
        var places: [(String, Data)] = [("the log", log), ("the terminal", terminal)]
        for file in ["/.cache/pulpe/cache.sqlite", "/.local/share/pulpe/outbox.sqlite"] {
            for suffix in ["", "-wal", "-shm"] {
                if let bytes = FileManager.default.contents(atPath: home.path + file + suffix) { places.append((file + suffix, bytes)) }
            }
        }
        #expect(places.count >= 4, "\(places.map(\.0))")
        for (place, bytes) in places {
            for (name, secret) in secrets {
                #expect(Self.find(secret, in: bytes) == nil, "the \(name) is in \(place): \(Self.find(secret, in: bytes) ?? "")")
            }
            #expect(Self.findPin(in: bytes) == nil, "the PIN is in \(place): \(Self.findPin(in: bytes) ?? "")")
        }
        // The search finds what is there: the tokens are in the session file (its job, at 0600)…
        #expect(Self.find(access, in: session) != nil && Self.find(refresh, in: session) != nil)
        #expect(!FileManager.default.fileExists(atPath: state + "/client-keys.json"), "no kept-key file")
        // …and nothing else secret is.
        for (name, secret) in secrets where !name.hasSuffix("token") {
            #expect(Self.find(secret, in: session) == nil, "the \(name) is in the session file")
        }
        #expect(Self.findPin(in: session) == nil)

        for path in [sessionPath, state + "/pulpe.log", home.path + "/.cache/pulpe/cache.sqlite",
                     home.path + "/.local/share/pulpe/outbox.sqlite"] {
            #expect(Self.mode(path) == 0o600, "\(path)")
        }
        for folder in [state, home.path + "/.cache/pulpe", home.path + "/.local/share/pulpe"] {
            #expect(Self.mode(folder) == 0o700, "\(folder)")
        }
    }

    @Test func privateFilesOpenedUpAreFixedAtStartAndTheLogSaysSo() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-modes")
        defer { home.remove() }
        defer { HomeKeyAgent.stop(home: home.path) }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        do {
            let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
            defer { p.terminate() }
            p.send("q")
            #expect(p.waitExit() == 0)
        }
        let state = home.path + "/.local/state/pulpe"
        let files = [state + "/session.json", home.path + "/.local/share/pulpe/outbox.sqlite",
                     home.path + "/.cache/pulpe/cache.sqlite", state + "/pulpe.log"]
        for file in files { #expect(chmod(file, 0o644) == 0, "\(file)") }
        #expect(chmod(home.path + "/.local/share/pulpe", 0o755) == 0)

        let status = try ShellAddE2ETests.pulpe(["status"] + api, home: home.path)
        #expect(status.status == 0, "\(status)")
        #expect(status.err.isEmpty, "modes are fixed quietly for the user, loudly in the log: \(status)")
        for file in files { #expect(Self.mode(file) == 0o600, "\(file)") }
        #expect(Self.mode(home.path + "/.local/share/pulpe") == 0o700)
        let log = (try? String(contentsOfFile: state + "/pulpe.log", encoding: .utf8)) ?? ""
        for file in files.dropLast() {
            #expect(log.contains("permissions: \(file): mode 0644 tightened to 0600"), "\(file) in \(log)")
        }
        #expect(log.contains("permissions: \(home.path)/.local/share/pulpe: mode 0755 tightened to 0700"))
    }

    /// A damaged `client-keys.json` left by an earlier version, the key no longer kept: the PIN
    /// is asked, the file wiped at that start, and the PIN keeps the key in the agent again.
    @Test func aDamagedOldKeptKeyFileAsksThePinAgainAndGoes() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-kept-key")
        defer { home.remove() }
        defer { HomeKeyAgent.stop(home: home.path) }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        do {
            let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
            defer { p.terminate() }
            p.send("q")
            #expect(p.waitExit() == 0)
        }
        #expect(try ShellAddE2ETests.pulpe(["lock"] + api, home: home.path).status == 0)
        let keys = home.path + "/.local/state/pulpe/client-keys.json"
        #expect(FileManager.default.createFile(atPath: keys, contents: Data("{\"keys\": 42".utf8)))
        let status = try ShellAddE2ETests.pulpe(["status"] + api, home: home.path)
        #expect(status.status == 77, "\(status)")
        #expect(status.err == "pulpe: Session verrouillée — lance `pulpe unlock` (locked: the PIN is needed)\n", "\(status)")
        #expect(!FileManager.default.fileExists(atPath: keys), "wiped at that start")
        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api, env: PTYEnvironment.standard(home: home.path),
                               rows: 30, cols: 120)
        defer { p.terminate() }
        #expect(p.waitText("Code PIN", timeout: 15), "\(p.screen.text)")
        p.send(Self.pin)
        #expect(p.waitText("Disponible à dépenser", timeout: 15), "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
        #expect(try ShellAddE2ETests.pulpe(["status"] + api, home: home.path).status == 0, "the PIN kept the key in the agent")
        #expect(!FileManager.default.fileExists(atPath: keys))
        let log = (try? String(contentsOfFile: home.path + "/.local/state/pulpe/pulpe.log", encoding: .utf8)) ?? ""
        #expect(log.contains("cannot read the kept client-key file \(keys): not a client-key file; the PIN will be asked again"), "\(log)")
    }

    /// `http://` to another machine is refused before anything starts, from every place a URL
    /// comes from, by the shell and by the TUI (one English line, never the terminal taken over).
    @Test(arguments: ["flag", "environment", "config file"])
    func plainHTTPOffLoopbackIsRefused(_ source: String) throws {
        let home = try TemporaryDirectory(prefix: "pulpe-insecure")
        defer { home.remove() }
        var environment = ["HOME": home.path]
        var args: [String] = []
        switch source {
        case "flag": args = ["--api-url", "http://example.com/api/v1"]
        case "environment": environment["PULPE_API_URL"] = "http://example.com/api/v1"
        default:
            try FileManager.default.createDirectory(atPath: home.path + "/.config/pulpe", withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: home.path + "/.config/pulpe/config.json",
                                                   contents: Data(#"{"api_url": "http://example.com/api/v1"}"#.utf8)))
        }
        let setting = ["flag": "--api-url", "environment": "PULPE_API_URL",
                       "config file": "api_url in \(home.path)/.config/pulpe/config.json"][source]!
        let line = "pulpe: \(setting): refusing plain http:// to example.com, which is not this machine; "
            + "use https://, or pass --allow-insecure-http if you really mean it"

        for command in [["status"], ["add", "4.50", "Café"], ["month"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BinaryLocator.path(of: "pulpe"))
            process.arguments = command + args
            process.environment = PTYEnvironment.anchoring(environment.merging(["PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"]) { a, _ in a })
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 64, "\(command): \(text)")
            #expect(text.hasPrefix(line), "\(command): \(text)")
        }
        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args,
                               env: PTYEnvironment.standard(home: home.path, extra: environment), rows: 24, cols: 320)
        defer { p.terminate() }
        #expect(p.waitExit(timeout: 10) == 64, "\(p.screen.text)")
        #expect(p.screen.text.contains(line), "\(p.screen.text)")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/.local/share/pulpe/outbox.sqlite"), "nothing started")
    }
}
