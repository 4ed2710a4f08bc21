import ArgumentParser
import Foundation
import PulpeNetworking

/// `pulpe`: the full-screen app, and its shell subcommands (`add`, `status`, `month`, …), all on `AppServices`.
public struct PulpeCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pulpe",
        abstract: "Pulpe, the Swiss budgeting service, in the terminal.",
        discussion: """
        With no server configured, pulpe runs its built-in sandbox, pulpe-server, as a child (demo \
        account demo@pulpe.local / pulpe-demo, PIN 1234, or « Essayer la démo »).
        Server: --api-url > PULPE_API_URL > api_url in $XDG_CONFIG_HOME/pulpe/config.json (or in the \
        profile --profile NAME picks) > built-in sandbox; pulpe config shows what applies and why.
        Shell: add, check, uncheck, rm, postpone, edit, line, tag, reconcile, budget, search, import, sync, export, forget, \
        pending, status, month, year, unlock, lock, config (pulpe help COMMAND).
        Keys: ? help, q quit, Ctrl-L redraw. Logs go to $XDG_STATE_HOME/pulpe/pulpe.log.
        Environment: NO_COLOR (non-empty) disables colour; PULPE_REDUCED_MOTION=1 stops animations;
        PULPE_ASCII=1 forces the ASCII fallback.
        """,
        version: PulpeVersion.current,
        subcommands: [AddCommand.self] + ItemVerbs.topLevel.map { $0 as ParsableCommand.Type } + [EditCommand.self,
                      LineCommand.self, SpreadCommand.self, WithdrawCommand.self, TagCommand.self, TemplateCommand.self, ReconcileCommand.self,
                      BudgetCommand.self, SearchCommand.self,
                      QueryCommand.self, ReportCommand.self, ForecastCommand.self, ImportCommand.self, SyncCommand.self, ExportCommand.self,
                      ForgetCommand.self, PendingCommand.self,
                      StatusCommand.self, MonthCommand.self, YearCommand.self, UnlockCommand.self, LockCommand.self, ConfigCommand.self,
                      ManpageCommand.self]
    )

    @OptionGroup public var server: ServerFlags

    @Flag(name: .customLong("no-color"), help: "Draw without colour (same as NO_COLOR=1).")
    public var noColor = false

    @Flag(name: .customLong("ascii"), help: "Use ASCII instead of Unicode box drawing and typography.")
    public var ascii = false

    @Flag(name: .customLong("reduced-motion"), help: "Show static frames instead of animations.")
    public var reducedMotion = false

    @Flag(name: .customLong("plain"), help: "Screen-reader mode: status changes as plain sentences, no spinner or animation.")
    public var plain = false

    public init() {}

    public func run() async throws {
        let options = LaunchOptions(
            display: DisplayFlags(noColor: noColor, ascii: ascii, reducedMotion: reducedMotion, plain: plain),
            server: server.configurationFlags)
        let status = await TUILauncher.launch(options)
        if status != 0 { throw ExitCode(status) }
    }
}
