import Foundation
import Logging
import PulpeNetworking
import PulpeServices
import PulpeTerminal
import PulpeUI

/// Starts the full-screen app: the guards that must pass before ncurses is touched, the log
/// file, the services (`AppServices`: the configured server or the built-in sandbox), signal
/// routing, and the terminal's restoration however the app ends.
enum TUILauncher {
    @MainActor
    static func launch(_ options: LaunchOptions) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        do {
            try NcursesTerminal.preflight(environment: environment)
        } catch {
            reportStartupFailure(error.message)
            return error.exitCode
        }

        let logger = AppLogging.bootstrap(paths: XDGPaths(environment: environment))
        logger.info("starting", metadata: ["version": "\(PulpeVersion.current)", "term": "\(environment["TERM"] ?? "")"])

        let selection: ServerSelection
        do {
            selection = try AppServices.resolveServer(options.server, environment: environment)
        } catch {
            reportStartupFailure(error.description)
            // A usage error, as the shell commands exit on the same setting (sysexits' 64).
            return ExitStatus.usage
        }
        // Without a server configured the app needs `pulpe-server` to start: said before the
        // screen is taken, not found out at the first request behind « Service injoignable ».
        if case .builtInSandbox = selection, ServerExecutable.locate(environment: environment) == nil {
            let message = ServerExecutable.missingMessage
            logger.error("\(message)")
            reportStartupFailure(message)
            return 69
        }

        // The services (maybe the built-in sandbox, whose first start seeds the demo account)
        // start while the splash plays: the first frame never waits for them.
        let started = StartedServices()
        let provider = ServiceProvider {
            do {
                let services = try await AppServices.start(
                    selection, environment: environment, logger: logger, keyCheck: .everyStart,
                    localServer: BuiltInSandbox.launcher(environment: environment, logger: logger))
                await started.set(services)
                return services.services
            } catch {
                logger.error("cannot start the built-in sandbox: \(error)")
                return UnreachableServices.set
            }
        }

        let animations = AnimationLibrary.standard(environment: environment)
        for problem in animations.problems { logger.warning("animation asset: \(problem)") }

        // Route signals through Dispatch before ncurses starts, so ncurses installs no handlers.
        let inbox = Inbox()
        TerminalRestore.saveAndInstallCrashHandlers()
        let signals = SignalWatcher(inbox: inbox)
        defer { signals.cancel() }

        let terminal: NcursesTerminal
        do {
            let display = options.display
            terminal = try NcursesTerminal(flags: CapabilityFlags(noColor: display.noColor, ascii: display.ascii,
                                                                  reducedMotion: display.reducedMotion),
                                           environment: environment)
        } catch {
            await started.stop()
            reportStartupFailure(error.message)
            logger.error("terminal start failed: \(error.message)")
            return error.exitCode
        }

        let waker = InputWaker()
        let context = ViewContext(capabilities: terminal.capabilities, animations: animations, plain: options.display.plain)
        // `lock_after` (decision 43): a bad value is said by `pulpe config`; the TUI keeps the default.
        let locks = LockSettings.resolveLeniently(environment: environment,
                                                  file: try? ConfigFile.load(path: ConfigFile.defaultPath(environment: environment)))
        let runtime = AppRuntime(terminal: terminal, inbox: inbox, context: context, clock: SystemClock(),
                                 services: provider, seed: UInt64.random(in: 0...UInt64.max), logger: logger,
                                 lockAfter: locks.lockAfterSeconds > 0 ? .seconds(locks.lockAfterSeconds) : nil)
        let status = await runtime.run(input: .waker(waker))
        waker.stop()
        terminal.shutdown()
        await started.stop()
        logger.info("stopped", metadata: ["status": "\(status)"])
        return status
    }

    /// Holds the services once they run, so quitting can stop the built-in sandbox whenever
    /// it started.
    actor StartedServices {
        private var services: AppServices?
        func set(_ started: AppServices) { services = started }
        func stop() async { await services?.stop() }
    }

    /// One English line on stderr, never a backtrace: the terminal was never taken over.
    static func reportStartupFailure(_ message: String) {
        FileHandle.standardError.write(Data(ShellText.line("pulpe: \(message)")))
    }
}
