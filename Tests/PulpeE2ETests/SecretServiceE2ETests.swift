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
