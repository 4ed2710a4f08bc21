import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeServices
import PulpeStatusLine

/// `pulpe status`: one line for a shell prompt or a tmux status bar. Never touches the terminal.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "One line: what is left to spend this period, and what waits to be sent.",
        discussion: """
        Served from the cache when it is younger than --max-age, else asked of the server for at most \
        --timeout seconds (on timeout: the cached value and its age). --format placeholders: {amount} \
        (1’234.56 CHF), {compact} (1’235 CHF), {month} (décembre), {pending}, {age} (minutes).
        Exit status: 0, 77 not signed in or locked, 75 nothing known and the server did not answer.
        """)

    @OptionGroup var reading: ReadFlags

    @Option(help: "The line's shape, e.g. \"{compact} · {pending}\".")
    var format: String?

    @OptionGroup var server: ServerFlags

    /// The session's proof of a kept key, as the memo records it for the launcher.
    static func condition(_ proof: KeptKeyProof) -> StatusMemo.KeyCondition {
        switch proof {
        case .noneNeeded: .noneNeeded
        case let .keyring(description, serial): .keyring(description: description, serial: serial)
        case let .agent(socket, entry, serial): .agent(socket: socket, entry: entry, serial: serial)
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        // The memo for the launcher (decision 64): only for the default server selection, whose
        // inputs the launcher can compare; `before` is read before anything is opened.
        let paths = server.selectsByEnvironmentAlone ? Self.accountPaths(environment: environment) : nil
        let before = paths.map { LocalInputs.capture($0, environment: environment, now: SystemTime.now().timeIntervalSince1970) }
        let app = try await ShellServices.start(server, outbox: .readOnly)
        let key = before == nil || !app.localState.userLines.isEmpty ? nil : await app.services.sessions.statusKeyCondition()
        // Nothing to show (not signed in, locked, nothing cached and no answer): the same words
        // and exit as `pulpe month` (`ShellServices.month`).
        let (shown, pending) = ShellServices.month(await ShellServices.read(.month(nil), maxAge: reading.maxAge, timeout: reading.timeout, app: app))
        let figures = Self.figures(shown, pending: pending)
        let now = SystemTime.now().timeIntervalSince1970
        ShellServices.say(reading.json ? figures.json : figures.line(format: format, now: now))
        if let paths, let before {
            // The month's figures wait in clear for the launcher only when the user said so
            // (`status_figures = on`, decision 83); otherwise in the key agent's memory, where the
            // key is (decision 106), and an older memo file goes.
            let file = try? ConfigFile.load(path: ConfigFile.defaultPath(environment: environment))
            let figuresOnDisk = StatusFiguresSetting.resolve(environment: environment, file: file).isOn
            if let key, figuresOnDisk {
                StatusMemo.leave(Self.condition(key), figures: figures, before: before, paths: paths, environment: environment, now: now)
            } else if let key {
                let ttl = min(Self.agentMemoSeconds, LockSettings.resolveLeniently(environment: environment, file: file).keyTTLSeconds)
                StatusMemo.leaveInAgent(Self.condition(key), figures: figures, before: before, paths: paths,
                                        environment: environment, now: now, ttlSeconds: ttl)
            } else {
                StatusMemo.forget(paths)
            }
        }
    }

    /// The launcher's paths with the outbox and cache of the saved session's account (decision
    /// 111): its own set when it is not the home's.
    static func accountPaths(environment: [String: String]) -> StatusPaths? {
        guard let paths = StatusPaths(environment: environment),
              let selection = try? AppServices.resolveServer(ConfigurationFlags(), environment: environment) else { return nil }
        let files = AppServices.accountFiles(selection, environment: environment)
        guard files.outbox != paths.outbox else { return paths }
        let slot = ((files.outbox as NSString).deletingLastPathComponent as NSString).lastPathComponent
        let own = paths.inSlot(slot)
        // Held equal to `AccountFiles` by its tests; a set the launcher could not name is never memoised.
        return own.outbox == files.outbox && own.cache == files.cache ? own : nil
    }

    /// How long the agent holds the memo at most: a status bar asks every few seconds, and one
    /// slow answer every 10 minutes costs little.
    static let agentMemoSeconds = 600

    /// The month as its panel shows it, worded: what waits counts at once (`PendingOverlay`).
    static func figures(_ shown: ShownMonth, pending: Int) -> StatusFigures {
        var remaining: Decimal?
        if case let .budget(details) = shown.content { remaining = details.totals.remaining }
        let currency = shown.settings.currency
        return StatusFigures(month: String(format: "%04d-%02d", shown.month.year, shown.month.month),
                             monthName: FrenchMonths.lowercaseName(shown.month.month),
                             amount: remaining.map { MoneyFormatter.format($0, currency: currency) },
                             compact: remaining.map { MoneyFormatter.format($0, currency: currency, style: .compact) },
                             remaining: remaining.map { "\($0)" }, currency: currency.rawValue, pending: pending,
                             fetchedAt: shown.fetchedAt.timeIntervalSince1970, isStale: shown.isStale)
    }
}
