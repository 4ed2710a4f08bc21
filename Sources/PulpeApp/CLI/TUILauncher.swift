import Foundation
import Logging
import PulpeTerminal
import PulpeUI

/// Starts the full-screen app: the guards that must pass before ncurses is touched, the log
/// file, signal routing, and the terminal's restoration however the app ends.
enum TUILauncher {
    @MainActor
    static func launch(flags: DisplayFlags) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        do {
            try NcursesTerminal.preflight(environment: environment)
        } catch {
            reportStartupFailure(error.message)
            return error.exitCode
        }

        let paths = XDGPaths(environment: environment)
        let logger = makeLogger(paths: paths)
        logger.info("starting", metadata: ["version": "\(PulpeVersion.current)", "term": "\(environment["TERM"] ?? "")"])

        let animations = AnimationLibrary.standard(environment: environment)
        for problem in animations.problems { logger.warning("animation asset: \(problem)") }

        // Route signals through Dispatch before ncurses starts, so ncurses installs no handlers.
        let inbox = Inbox()
        TerminalRestore.saveAndInstallCrashHandlers()
        let signals = SignalWatcher(inbox: inbox)
        defer { signals.cancel() }

        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(flags: CapabilityFlags(noColor: flags.noColor, ascii: flags.ascii,
                                                                  reducedMotion: flags.reducedMotion),
                                           environment: environment)
        } catch {
            reportStartupFailure(error.message)
            logger.error("terminal start failed: \(error.message)")
            return error.exitCode
        }
        defer { terminal.shutdown() }

        let waker = InputWaker()
        defer { waker.stop() }
        let context = ViewContext(capabilities: terminal.capabilities, animations: animations)
        let runtime = AppRuntime(terminal: terminal, inbox: inbox, context: context, clock: ClockAdapter(ContinuousClock()), logger: logger)
        let status = await runtime.run(signals: signals, waker: waker)
        logger.info("stopped", metadata: ["status": "\(status)"])
        return status
    }

    /// One English line on stderr, never a backtrace: the terminal was never taken over.
    static func reportStartupFailure(_ message: String) {
        FileHandle.standardError.write(Data("pulpe: \(message)\n".utf8))
    }

    static func makeLogger(paths: XDGPaths) -> Logger {
        let file = paths.logFile
        return Logger(label: "pulpe") { (label: String) -> any LogHandler in
            if let handler = FileLogHandler(label: label, file: file) { return handler }
            return SwiftLogNoOpLogHandler()
        }
    }
}
