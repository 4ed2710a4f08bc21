import Foundation
import PulpeTestSupport
import Testing

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
