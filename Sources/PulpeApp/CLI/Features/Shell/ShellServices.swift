import ArgumentParser
import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeServices

/// What a shell command starts before doing its work: the log file, the configuration, and
/// `AppServices` — the same composition root as the TUI. Never touches the terminal's modes.
enum ShellServices {
    /// `outbox`: `.readOnly` for the commands that only show what waits (the file is never written).
    static func start(_ flags: ServerFlags, keyTTLSeconds: Int? = nil, outbox: OutboxAccess = .readWrite) async throws -> AppServices {
        let environment = ProcessInfo.processInfo.environment
        let logger = AppLogging.bootstrap(paths: XDGPaths(environment: environment))
        let selection: ServerSelection
        do {
            selection = try AppServices.resolveServer(flags.configurationFlags, environment: environment)
        } catch {
            fail("\(error)", status: ExitStatus.usage)
        }
        do {
            let app = try await AppServices.start(selection, environment: environment, logger: logger,
                                                  keyTTLSeconds: keyTTLSeconds,
                                                  localServer: BuiltInSandbox.launcher(environment: environment, logger: logger),
                                                  outboxAccess: outbox)
            // Damaged local files are news for whoever runs the command (the log has the details).
            for line in app.localState.userLines { warn(line) }
            return app
        } catch {
            logger.error("cannot start the built-in sandbox: \(error)")
            fail("Le serveur intégré ne démarre pas — cannot start the built-in sandbox: \(error)", status: ExitStatus.unavailable)
        }
    }

    /// Runs a read-only command's flow (`pulpe status`, `month`, `year`): the cache when fresh,
    /// else the server within `timeout`, else the cache marked stale (decision 56).
    static func read(_ target: ReadFlow.Target, maxAge: Int, timeout: Double, app: AppServices) async -> ReadFlow.Outcome {
        let flow = ReadFlow(target, today: WallClock.system.today, now: SystemTime.now(), maxAge: .seconds(max(0, maxAge)),
                            timeout: .milliseconds(Int(max(0, timeout) * 1000)))
        let outcome = await HeadlessDriver.run(flow, services: app.services)
        await app.stop()
        guard let outcome else { fail("the read ended without an outcome (a bug: see the log)", status: ExitStatus.software) }
        return outcome
    }

    /// The month read, or the exit a read-only command makes without one (77 / 75).
    static func month(_ outcome: ReadFlow.Outcome) -> (ShownMonth, pending: Int) {
        if case let .month(shown, pending) = outcome { return (shown, pending) }
        failToRead(outcome)
    }

    /// The year read, or the exit a read-only command makes without one (77 / 75).
    static func year(_ outcome: ReadFlow.Outcome) -> ShownYear {
        if case let .year(shown) = outcome { return shown }
        failToRead(outcome)
    }

    private static func failToRead(_ outcome: ReadFlow.Outcome) -> Never {
        switch outcome {
        case .notSignedIn: fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        case .locked: fail(ShellCopy.locked, status: ExitStatus.noPermission)
        case .keyChanged: fail(ShellCopy.keyChanged, status: ExitStatus.noPermission)
        case let .unavailable(failure?) where failure.isRefusal:
            // The server answered: its reason, not silence.
            fail("Refusé par le serveur : \(failure.text) (the server refused the request: \(failure))", status: ExitStatus.dataError)
        case let .unavailable(failure):
            fail("Rien en cache et le serveur ne répond pas (nothing cached and the server did not answer"
                 + (failure.map { ": \($0)" } ?? "") + "; nothing stored)", status: ExitStatus.unavailable)
        case .month, .year: fail("the read answered with the wrong kind of data (a bug)", status: ExitStatus.software)
        }
    }

    /// One line on stderr, then the status.
    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data(ShellText.line("pulpe: \(message)")))
        exit(status)
    }

    /// One warning line on stderr; the command goes on.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data(ShellText.line("pulpe: warning: \(message)")))
    }

    /// Lines on stdout: a table, a message, or JSON (which `ShellText` keeps JSON of the same text).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data(ShellText.line(line)))
    }

    /// A whole document (an export, a CSV) on standard output: into a pipe or a file exactly as it
    /// is; on a terminal a name's controls would be obeyed, so they are shown as every other shell
    /// output shows them (`ShellText`).
    static func write(document text: String) {
        let shown = isatty(STDOUT_FILENO) != 0 ? TerminalControls.visible(text, keeping: "\n") : text
        FileHandle.standardOutput.write(Data(shown.utf8))
    }

    /// A write stored and left to wait (the write commands' 75): what it was, and why it waits.
    static func queued(_ words: String, because failure: Failure?) throws -> Never {
        say("En attente : \(words) — partira au prochain lancement de pulpe" + (failure.map { " (\($0.text))" } ?? ""))
        throw ExitCode(ExitStatus.tempFail)
    }
}
