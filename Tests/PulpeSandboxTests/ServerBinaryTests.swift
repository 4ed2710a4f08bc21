import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Drives the real `pulpe-server` executable: the listening line, /health, SIGTERM, option errors.
@Suite("pulpe-server executable", .timeLimit(.minutes(1)))
struct ServerBinaryTests {
    /// `PULPE_SERVER_BIN`, else `pulpe-server` next to the test bundle (the build directory).
    static var binary: String? {
        if let override = ProcessInfo.processInfo.environment["PULPE_SERVER_BIN"], !override.isEmpty { return override }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("pulpe-server").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    struct Launched {
        let process: Process
        let stdout: Pipe
        let stderr: Pipe
    }

    static func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> Launched {
        let path = try #require(binary, "pulpe-server not found next to the tests; build it or set PULPE_SERVER_BIN")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        return Launched(process: process, stdout: stdout, stderr: stderr)
    }

    /// Reads the first line of stdout (bytes until `\n`), giving up after `timeout`.
    static func firstLine(of pipe: Pipe, timeout: Duration = .seconds(20)) async throws -> String {
        let handle = pipe.fileHandleForReading
        let task = Task.detached { () -> String in
            var bytes: [UInt8] = []
            while true {
                let chunk = handle.readData(ofLength: 1)
                guard let byte = chunk.first else { break }
                if byte == UInt8(ascii: "\n") { break }
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let deadline = Task { try await Task.sleep(for: timeout); task.cancel() }
        defer { deadline.cancel() }
        return await task.value
    }

    static func waitForExit(_ process: Process, timeout: Duration = .seconds(10)) async -> Bool {
        let end = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(10)) }
        return !process.isRunning
    }

    @Test("Prints `listening on http://127.0.0.1:PORT` first, answers /health, exits 0 on SIGTERM")
    func listeningLineAndSIGTERM() async throws {
        let launched = try Self.launch(["--port", "0", "--in-memory"], environment: ["MAINTENANCE_MODE": "true"])
        let line = try await Self.firstLine(of: launched.stdout)
        let prefix = "listening on http://127.0.0.1:"
        #expect(line.hasPrefix(prefix), "first line: \(line)")
        let port = try #require(Int(line.dropFirst(prefix.count)))
        #expect(port > 0)

        let url = URL(string: "http://127.0.0.1:\(port)/health")!
        let (body, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == #"{"status":"healthy"}"#)
        let (_, maintenance) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/api/v1/budgets")!)
        #expect((maintenance as? HTTPURLResponse)?.statusCode == 503) // MAINTENANCE_MODE=true honoured

        launched.process.terminate() // SIGTERM
        #expect(await Self.waitForExit(launched.process))
        #expect(launched.process.terminationReason == .exit)
        #expect(launched.process.terminationStatus == 0)
    }

    @Test("Invalid options: one line on stderr, exit 2", arguments: [
        ["--port", "70000"], ["--fault-rate", "1.5"], ["--faults", "500,teapot"], ["--today", "2026-02-30"],
        ["--bogus"], ["--in-memory", "--data-dir", "/tmp/x"], ["--port", "abc"],
    ])
    func invalidOptions(arguments: [String]) async throws {
        let launched = try Self.launch(arguments)
        #expect(await Self.waitForExit(launched.process))
        #expect(launched.process.terminationStatus == 2)
        let errors = String(decoding: launched.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(errors.hasPrefix("pulpe-server: "), "\(errors)")
        #expect(errors.split(separator: "\n").count == 1, "\(errors)")
        #expect(launched.stdout.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }

    @Test("A data directory that cannot be opened: a clear message, exit 1")
    func unusableDataDirectory() async throws {
        let blocker = NSTemporaryDirectory() + "pulpe-server-blocker-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        let launched = try Self.launch(["--port", "0", "--data-dir", blocker + "/data"])
        #expect(await Self.waitForExit(launched.process))
        #expect(launched.process.terminationStatus == 1)
        let errors = String(decoding: launched.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(errors.contains("pulpe-server: cannot open data directory \(blocker)/data"), "\(errors)")
    }

    @Test("--help lists the options and the demo credentials")
    func help() async throws {
        let launched = try Self.launch(["--help"])
        #expect(await Self.waitForExit(launched.process))
        #expect(launched.process.terminationStatus == 0)
        let text = String(decoding: launched.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        for needle in ["--port", "--data-dir", "--in-memory", "--latency", "--fault-rate", "--faults", "--token-ttl",
                       "--anon-key", "--today", "--seed", "demo@pulpe.local", "pulpe-demo", "1234"] {
            #expect(text.contains(needle), "help lacks \(needle)")
        }
    }
}
