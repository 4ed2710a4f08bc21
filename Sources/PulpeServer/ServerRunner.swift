import Foundation
import PulpeSandbox

/// Runs the sandbox until a signal (exit 0) or a fatal server error (exit 1).
enum ServerRunner {
    static func run(_ options: ServerOptions, environment: [String: String]) async -> Int32 {
        SandboxLogging.bootstrapStandardError()
        let signals = SignalWaiter(signals: [SIGTERM, SIGINT])
        let sandbox: RunningSandbox
        do {
            sandbox = try await SandboxServer.start(options.sandboxConfiguration(environment: environment))
        } catch {
            FileHandle.standardError.write(Data("pulpe-server: \(error)\n".utf8))
            return 1
        }
        // Written with FileHandle (unbuffered) so a parent reading the pipe sees it at once.
        FileHandle.standardOutput.write(Data("listening on \(sandbox.origin.absoluteString)\n".utf8))

        enum Outcome: Sendable {
            case signal
            case stopped(String?)
        }
        let outcome = await withTaskGroup(of: Outcome?.self) { group -> Outcome in
            group.addTask { await signals.next() ? .signal : nil }
            if options.exitWithStdin { group.addTask { await StandardInputEnd.wait() ? .signal : nil } }
            group.addTask { .stopped(await sandbox.waitUntilStopped()) }
            var first: Outcome = .signal
            if let result = await group.next(), let result { first = result }
            if case .signal = first { await sandbox.stop() }
            group.cancelAll()
            return first
        }
        switch outcome {
        case .signal, .stopped(nil):
            return 0
        case .stopped(let reason?):
            FileHandle.standardError.write(Data("pulpe-server: server stopped: \(reason)\n".utf8))
            return 1
        }
    }
}
