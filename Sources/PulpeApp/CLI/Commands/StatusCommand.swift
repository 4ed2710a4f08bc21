import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

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

    @Option(name: .customLong("max-age"), help: "Seconds a cached value counts as fresh.")
    var maxAge: Int = 300

    @Option(help: "Seconds to wait for the server.")
    var timeout: Double = 2

    @Option(help: "The line's shape, e.g. \"{compact} · {pending}\".")
    var format: String?

    @Flag(help: "Print JSON for scripts (amounts as exact decimal strings).")
    var json = false

    @OptionGroup var server: ServerFlags

    /// What the status line says, as data (the command words it).
    struct Figures: Sendable, Hashable {
        var month: BudgetMonth
        /// Nil: the month has no budget.
        var remaining: Decimal?
        var currency: Currency
        var pending: Int
        /// When the figures were fetched from the server.
        var fetchedAt: Date?
        /// True when the server could not be asked in time and the cache answered.
        var isStale: Bool

        /// The month as its panel shows it: what waits counts at once (`PendingOverlay`).
        init(_ shown: ShownMonth, pending: Int) {
            month = shown.month
            if case let .budget(details) = shown.content { remaining = details.totals.remaining }
            currency = shown.settings.currency
            self.pending = pending
            fetchedAt = shown.fetchedAt
            isStale = shown.isStale
        }
    }

    func run() async throws {
        let app = try await ShellServices.start(server, outbox: .readOnly)
        switch await ShellServices.read(.month(nil), maxAge: maxAge, timeout: timeout, app: app) {
        case let .unavailable(failure):
            ShellServices.fail("nothing cached yet and the server did not answer" + (failure.map { " (\($0))" } ?? ""),
                               status: ExitStatus.tempFail)
        case let outcome:
            let (shown, pending) = ShellServices.month(outcome)
            let figures = Figures(shown, pending: pending)
            ShellServices.say(json ? Self.json(figures) : Self.line(figures, format: format))
        }
    }

    static func line(_ figures: Figures, format: String?) -> String {
        let month = FrenchMonths.lowercaseName(figures.month.month)
        let amount = figures.remaining.map { MoneyFormatter.format($0, currency: figures.currency) } ?? "—"
        let compact = figures.remaining.map { MoneyFormatter.format($0, currency: figures.currency, style: .compact) } ?? "—"
        let age = figures.fetchedAt.map { max(0, Int(Date().timeIntervalSince($0) / 60)) }
        if let format {
            return format.replacingOccurrences(of: "{amount}", with: amount)
                .replacingOccurrences(of: "{compact}", with: compact)
                .replacingOccurrences(of: "{month}", with: month)
                .replacingOccurrences(of: "{pending}", with: "\(figures.pending)")
                .replacingOccurrences(of: "{age}", with: age.map(String.init) ?? "")
        }
        var line = "Disponible \(month) : \(amount)"
        if figures.pending > 0 { line += " · \(figures.pending) en attente" }
        if figures.isStale, let age { line += " · il y a \(age) min" }
        return line
    }

    static func json(_ figures: Figures) -> String {
        var object: [String: Any] = [
            "month": String(format: "%04d-%02d", figures.month.year, figures.month.month),
            "currency": figures.currency.rawValue,
            "pending": figures.pending,
            "stale": figures.isStale,
        ]
        object["remaining"] = figures.remaining.map { "\($0)" } ?? NSNull()
        object["fetchedAt"] = figures.fetchedAt.map { ISO8601DateFormatter().string(from: $0) } ?? NSNull()
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
