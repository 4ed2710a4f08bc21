import Foundation
import Logging
import PulpeNetworking
import PulpeSandbox
import PulpeStore
import PulpeTerminal
import PulpeUI

/// Starts the full-screen app: the guards that must pass before ncurses is touched, the log
/// file, the server (configured, or the built-in sandbox), signal routing, and the terminal's
/// restoration however the app ends.
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

        let paths = XDGPaths(environment: environment)
        let logger = bootstrapLogging(paths: paths)
        logger.info("starting", metadata: ["version": "\(PulpeVersion.current)", "term": "\(environment["TERM"] ?? "")"])

        let selection: ServerSelection
        do {
            let file = try ConfigFile.load(path: ConfigFile.defaultPath(environment: environment))
            let flags = ConfigurationFlags(apiURL: options.apiURL, authURL: options.authURL,
                                           authAnonKey: options.authAnonKey, allowInsecureHTTP: options.allowInsecureHTTP)
            selection = try APIConfigurationResolver.resolve(flags: flags, environment: environment, file: file)
        } catch {
            reportStartupFailure(error.description)
            return 2
        }

        // The server (maybe the built-in sandbox, whose first start seeds the demo account) is
        // prepared while the splash plays: the first frame never waits for it.
        let sandboxBox = SandboxHolder()
        let gateway = DeferredGateway {
            let configuration: APIConfiguration
            switch selection {
            case let .remote(remote):
                configuration = remote
            case .builtInSandbox:
                do {
                    let running = try await BuiltInSandbox.start(environment: environment, logger: logger)
                    await sandboxBox.set(running)
                    var local = APIConfiguration.sandbox(baseURL: running.baseURL)
                    local.sessionKeyOverride = BuiltInSandbox.sessionKey
                    configuration = local
                } catch {
                    logger.error("cannot start the built-in sandbox: \(error)")
                    return UnreachableGateway()
                }
            }
            logger.info("server", metadata: ["configuration": "\(configuration)"])
            let network = await PulpeNetwork.make(
                configuration: configuration,
                sessionStore: SessionStore(fileURL: SessionStore.defaultFileURL(environment: environment)))
            let cache = CacheStore.open(at: CacheStore.defaultPath(environment: environment)) { problem in
                logger.warning("\(problem)")
            }
            return NetworkGateway(network: network, cache: cache, logger: logger)
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
            await sandboxBox.stop()
            reportStartupFailure(error.message)
            logger.error("terminal start failed: \(error.message)")
            return error.exitCode
        }

        let waker = InputWaker()
        let context = ViewContext(capabilities: terminal.capabilities, animations: animations, plain: options.display.plain)
        let runtime = AppRuntime(terminal: terminal, inbox: inbox, context: context, clock: ClockAdapter(ContinuousClock()),
                                 gateway: gateway, seed: UInt64.random(in: 0...UInt64.max), logger: logger)
        let status = await runtime.run(signals: signals, waker: waker)
        waker.stop()
        terminal.shutdown()
        await sandboxBox.stop()
        logger.info("stopped", metadata: ["status": "\(status)"])
        return status
    }

    /// Holds the built-in sandbox once it runs, so quitting can stop it whenever it started.
    actor SandboxHolder {
        private var sandbox: RunningSandbox?
        func set(_ running: RunningSandbox) { sandbox = running }
        func stop() async { await sandbox?.stop() }
    }

    /// One English line on stderr, never a backtrace: the terminal was never taken over.
    static func reportStartupFailure(_ message: String) {
        FileHandle.standardError.write(Data("pulpe: \(message)\n".utf8))
    }

    /// Every logger of the process (ours, the sandbox's, Hummingbird's) writes to the log file:
    /// nothing may print over the interface.
    static func bootstrapLogging(paths: XDGPaths) -> Logger {
        let file = LogFile(url: paths.logFile)
        LoggingSystem.bootstrap { (label: String) -> any LogHandler in
            if let file { return FileLogHandler(label: label, file: file) }
            return SwiftLogNoOpLogHandler()
        }
        return Logger(label: "pulpe")
    }
}
