import Foundation
import PulpeTestSupport
import Testing

/// Decision 105 with the real binaries and a real Secret Service: a session bus of the
/// test's own (`dbus-daemon`) and GNOME Keyring on it (Debian's `gnome-keyring`). The cache is
/// sealed with a key that also needs the keyring's secret: a copy of the home, with the right PIN
/// but without the keyring, opens nothing of the account offline; with the keyring, it does.
/// Skipped where the packages are missing (`make test` installs them).
@Suite(.serialized, .timeLimit(.minutes(2)), .enabled(if: KeyringDesktop.isInstalled))
struct SecretServiceE2ETests {
    typealias Desktop = KeyringDesktop
    typealias Failure = KeyringDesktop.Failure

    /// The TUI offline on `home`: « Continuer hors ligne » and the PIN when `pin` (no key kept
    /// yet), and what the screen shows once settled.
    static func offlineScreen(home: String, port: Int, extra: [String: String], pin: Bool) throws -> String {
        let args = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args, env: PTYEnvironment.standard(home: home, extra: extra),
                               rows: 40, cols: 120)
        defer { p.terminate() }
        if pin {
            #expect(p.waitText("Continuer hors ligne", timeout: 10), "\(p.screen.text)")
            p.send("o")
            #expect(p.waitText("Code PIN", timeout: 10), "\(p.screen.text)")
            p.send("1234")
        }
        _ = p.waitText("Loyer", timeout: 8)
        p.settle()
        let screen = p.screen.text
        p.send("q")
        _ = p.waitExit()
        return screen
    }

    /// The home copied as a disk copy would be: everything but the runtime folder (a tmpfs, with
    /// the key agent's socket).
    static func copy(_ home: String, to copy: String) throws {
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/bin/sh")
        tar.arguments = ["-c", "tar -C \"$1\" --exclude=./.run -cf - . | tar -C \"$2\" -xf -", "sh", home, copy]
        try tar.run()
        tar.waitUntilExit()
        guard tar.terminationStatus == 0 else { throw Failure(description: "tar exited \(tar.terminationStatus)") }
    }

    @Test func aCopyOfTheHomeOpensNothingWithoutTheKeyringsSecretAndEverythingWithIt() throws {
        let desktop = try Desktop()
        defer { desktop.stop() }
        let home = try TemporaryDirectory(prefix: "pulpe-secret-service")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        var server: SandboxProcess? = try SandboxProcess(port: port)
        defer { server?.stop() }
        let args = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]

        let p = try QuickAddE2ETests.signIn(port: port, home: home.path, extra: desktop.environment)
        #expect(p.waitText("Loyer", timeout: 10), "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
        #expect(try ShellAddE2ETests.pulpe(["sync", "--account"] + args, home: home.path, extra: desktop.environment).status == 0)
        let vault = try String(contentsOfFile: home.path + "/.local/share/pulpe/data-key.json", encoding: .utf8)
        #expect(vault.contains("\"cacheSecret\":true"), "the vault records the second secret: \(vault)")
        server?.stop()
        server = nil

        let copy = try TemporaryDirectory(prefix: "pulpe-secret-copy")
        defer { copy.remove() }
        try Self.copy(home.path, to: copy.path)
        // The right PIN, no keyring: the cache stays sealed — nothing of the account offline.
        let without = try Self.offlineScreen(home: copy.path, port: port, extra: [:], pin: true)
        #expect(without.contains("Bienvenue dans Pulpe") && !without.contains("Loyer"),
                "the cache opened without the keyring's secret:\n\(without)")
        // The same copy, its key now kept by the PIN, with the keyring: the cache opens.
        let with = try Self.offlineScreen(home: copy.path, port: port, extra: desktop.environment, pin: false)
        #expect(with.contains("Loyer"), "the cache did not open with the keyring's secret:\n\(with)")
    }
}

/// A session bus and an unlocked GNOME Keyring on it, each in a folder of its own (never in the
/// home under test: a copy of that home must not carry the keyring's file).
final class KeyringDesktop {
    static let isInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/gnome-keyring-daemon")

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let address: String
    let bus: Process
    let keyring: Process
    let keyringHome: TemporaryDirectory

    init() throws {
        keyringHome = try TemporaryDirectory(prefix: "pulpe-keyring")
        // In the foreground, on a socket of the test's: the bus lives as long as this process.
        let socket = keyringHome.path + "/bus"
        address = "unix:path=" + socket
        bus = Process()
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--nopidfile", "--address=" + address]
        bus.standardOutput = FileHandle.nullDevice
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard FileManager.default.fileExists(atPath: socket) else { throw Failure(description: "dbus-daemon made no socket") }
        // In the foreground too (a daemon that forks leaves a parent Foundation never reaps), the
        // login keyring made and unlocked with the password on its input.
        keyring = Process()
        keyring.executableURL = URL(fileURLWithPath: "/usr/bin/gnome-keyring-daemon")
        keyring.arguments = ["--foreground", "--unlock", "--components=secrets"]
        keyring.environment = ["HOME": keyringHome.path, "XDG_DATA_HOME": keyringHome.path + "/data",
                               "XDG_RUNTIME_DIR": keyringHome.path, "DBUS_SESSION_BUS_ADDRESS": address]
        let input = Pipe()
        keyring.standardInput = input
        keyring.standardOutput = FileHandle.nullDevice
        keyring.standardError = FileHandle.nullDevice
        try keyring.run()
        input.fileHandleForWriting.write(Data("keyring-password".utf8))
        try? input.fileHandleForWriting.close()
        let control = keyringHome.path + "/keyring/control"
        while !FileManager.default.fileExists(atPath: control), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard FileManager.default.fileExists(atPath: control) else { throw Failure(description: "gnome-keyring-daemon did not start") }
        // Its name on the bus comes a moment after its control socket.
        Thread.sleep(forTimeInterval: 0.5)
    }

    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// The keyring daemon and the bus go, and anything else started with the keyring's folder.
    /// SIGKILL: both are started with the test runner's blocked signals, SIGTERM among them, and
    /// would never see a terminate.
    func stop() {
        kill(keyring.processIdentifier, SIGKILL)
        keyring.waitUntilExit()
        kill(bus.processIdentifier, SIGKILL)
        bus.waitUntilExit()
        for pid in Self.processes(holding: keyringHome.path) { kill(pid, SIGKILL) }
        keyringHome.remove()
    }

    /// The processes whose environment names `text`.
    static func processes(holding text: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { pid in
            guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environ.range(of: Data(text.utf8)) != nil
        }
    }
}
