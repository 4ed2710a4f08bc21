import Foundation
import PulpeTestSupport
import Testing

/// `pulpe` is a launcher (decision 64): a fresh `pulpe status` is answered from the memo the app
/// left, by the launcher alone; anything else, or any change to what the answer depends on, is the
/// app's. Proved with a copy of the launcher in a folder of its own: it cannot reach `pulpe-app`,
/// so whatever it prints it answered itself, and whatever it must leave to the app fails with 69.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct StatusLauncherE2ETests {
    /// The libraries each binary asks the dynamic loader for (`ldd`).
    static func sharedLibraries(_ binary: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [binary]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) }
    }

    /// No shared Swift runtime, Foundation, FoundationNetworking, NIO or Hummingbird: the launcher
    /// is libc alone (the sealed cache is not its to open); the app adds SQLite, ncurses and the C++
    /// runtime its static Foundation needs.
    @Test func theLauncherAndTheAppLoadNoSwiftLibrary() throws {
        let launcher = try Self.sharedLibraries(BinaryLocator.path(of: "pulpe"))
        let app = try Self.sharedLibraries(BinaryLocator.path(of: "pulpe-app"))
        #expect(!launcher.contains { $0.hasPrefix("libsqlite3") || $0.hasPrefix("libncurses") }, "\(launcher)")
        #expect(app.contains { $0.hasPrefix("libncursesw") }, "\(app)")
        for library in launcher + app {
            #expect(!["swift", "Foundation", "NIO", "Hummingbird", "dispatch", "crypto", "curl"].contains { library.contains($0) },
                    "\(library)")
        }
    }

    @Test func aFreshStatusIsTheLaunchersAndAnyChangeGoesBackToTheApp() throws {
        let server = try SandboxProcess(port: SandboxProcess.freePort())
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "pulpe-launcher")
        defer { home.remove() }
        _ = try OutboxFaultInjectionTests.demoSession(port: server.port, home: home.path)
        // By default the month's figures never wait on disk in clear (decision 83): no memo.
        let sealed = try ShellAddE2ETests.pulpe(["status"], home: home.path, extra: ["PULPE_API_URL": server.apiURL])
        #expect(sealed.status == 0 && sealed.out.hasPrefix("Disponible "), "\(sealed)")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/.cache/pulpe/status-line"))
        // Configured the way a status bar is: by the environment, no flag; figures allowed.
        let environment = ["PULPE_API_URL": server.apiURL, "PULPE_STATUS_FIGURES": "on"]
        let alone = home.path + "/bin/pulpe"
        try FileManager.default.createDirectory(atPath: home.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BinaryLocator.path(of: "pulpe"), toPath: alone)
        let memo = home.path + "/.cache/pulpe/status-line"

        /// The app's answer, asked until it has left a memo (its first read may create the outbox's
        /// journal, which moves an input under it).
        func appAnswers(_ arguments: [String] = []) throws -> ShellAddE2ETests.Run {
            var run = try ShellAddE2ETests.pulpe(["status"] + arguments, home: home.path, extra: environment)
            for _ in 0..<2 where !FileManager.default.fileExists(atPath: memo) {
                run = try ShellAddE2ETests.pulpe(["status"] + arguments, home: home.path, extra: environment)
            }
            return run
        }
        let full = try appAnswers()
        #expect(full.status == 0 && full.out.hasPrefix("Disponible ") && full.out.contains(" CHF"), "\(full)")
        #expect(FileManager.default.fileExists(atPath: memo), "a fresh answer leaves its memo")

        // The launcher alone gives the app's bytes, in each shape.
        let fast = try ShellAddE2ETests.pulpe(["status"], home: home.path, binary: alone, extra: environment)
        #expect(fast.status == 0 && fast.out == full.out && fast.err.isEmpty, "\(fast)")
        let fullJSON = try ShellAddE2ETests.pulpe(["status", "--json"], home: home.path, extra: environment)
        let fastJSON = try ShellAddE2ETests.pulpe(["status", "--json"], home: home.path, binary: alone, extra: environment)
        #expect(fastJSON.status == 0 && fastJSON.out == fullJSON.out, "\(fastJSON) vs \(fullJSON)")
        let shaped = try ShellAddE2ETests.pulpe(["status", "--format", "{compact}|{pending}"], home: home.path, binary: alone,
                                                extra: environment)
        #expect(shaped.status == 0 && shaped.out.hasSuffix("|0\n"), "\(shaped)")

        // What only the app can do: the launcher says it cannot find it (69), and answers nothing.
        for arguments in [["status", "--api-url", server.apiURL], ["status", "--max-age", "0"], ["--version"], ["pending"]] {
            let run = try ShellAddE2ETests.pulpe(arguments, home: home.path, binary: alone, extra: environment)
            #expect(run.status == 69 && run.out.isEmpty && run.err.contains("cannot start pulpe-app"), "\(arguments): \(run)")
        }
        let otherServer = try ShellAddE2ETests.pulpe(["status"], home: home.path, binary: alone,
                                                     extra: ["PULPE_API_URL": "http://127.0.0.1:1/api/v1"])
        #expect(otherServer.status == 69, "another server is another answer: \(otherServer)")

        // An expense waits (the server is away): the outbox moved, so the launcher leaves it to the app…
        server.stop()
        let queued = try ShellAddE2ETests.pulpe(["add", "2.50", "Café"], home: home.path, extra: environment)
        #expect(queued.status == 75, "\(queued)")
        let moved = try ShellAddE2ETests.pulpe(["status"], home: home.path, binary: alone, extra: environment)
        #expect(moved.status == 69, "\(moved)")
        // …which says it (stale, with the waiting expense), and leaves no memo for a stale answer.
        let stale = try ShellAddE2ETests.pulpe(["status", "--max-age", "0", "--timeout", "1"], home: home.path, extra: environment)
        #expect(stale.status == 0 && stale.out.contains("1 en attente"), "\(stale)")
        #expect(!FileManager.default.fileExists(atPath: memo))
        // A fresh read of the same cache counts it too, and the launcher then says the same.
        let counted = try appAnswers()
        #expect(counted.out.contains("1 en attente"), "\(counted)")
        let fastCounted = try ShellAddE2ETests.pulpe(["status"], home: home.path, binary: alone, extra: environment)
        #expect(fastCounted.status == 0 && fastCounted.out == counted.out, "\(fastCounted) vs \(counted)")
    }
}
