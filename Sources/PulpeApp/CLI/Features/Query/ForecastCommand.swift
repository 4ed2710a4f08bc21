import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe forecast [--months N] [--json]`: where the next months land (issue 61, decision 116) —
/// each month's « Disponible » by the plan, and at the current month's pace.
struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast", abstract: "Where the next months land, by the plan and at this month's pace.",
        discussion: """
        From this machine (pulpe sync brings the replica up to date; what waits in the outbox is included). \
        The first month is the current pay-day period: its « Disponible » is the month panel's, and « à ce \
        rythme » takes away what its free expenses (on no prévision) would add by its last day at their pace \
        so far. Each later month adds its own result to the chain: a month already budgeted as it is planned, \
        else the default template's plan, else the recurring (fixe) prévisions of the latest month. \
        --json: {months: [{month, available, projected}]}. Exit status: 0, 77 not signed in or locked.
        """)

    @Option(help: "How many months, the current one first (1–24).") var months: Int = 6
    @Flag(help: "Print JSON for scripts.") var json = false
    @OptionGroup var server: ServerFlags

    func validate() throws {
        guard (1...24).contains(months) else { throw ValidationError("--months: 1 to 24") }
    }

    func run() async throws {
        let app = try await ShellServices.start(server, outbox: .readOnly)
        let outcome = await HeadlessDriver.run(AccountSnapshotFlow(today: WallClock.system.today, reading: .sums), services: app.services)
        await app.stop()
        guard case let .read(account)? = outcome else {
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        }
        let forecast = account.forecast(months: months)
        if json {
            ShellServices.say(ForecastOutput.json(forecast))
        } else {
            ShellServices.say(Self.table(forecast, currency: account.currency).joined(separator: "\n"))
        }
    }

    /// One row per month: its « Disponible » by the plan, at this pace, and where the plan comes from;
    /// then each year's closing balance.
    static func table(_ forecast: Forecast, currency: Currency) -> [String] {
        var table = TextTable([.left, .right, .right, .left])
        table.add(["", "Prévu", "À ce rythme", ""])
        for month in forecast.months {
            table.add([FrenchMonths.title(month.month), MoneyFormatter.format(month.available, currency: currency),
                       MoneyFormatter.format(month.projected, currency: currency), Self.sourceWord(month.source)])
        }
        let years = Array(Set(forecast.months.map(\.month.year))).sorted()
        let closings = years.compactMap { year in
            forecast.closing(ofYear: year).map { last in
                "Fin \(year) (\(FrenchMonths.title(last.month))) : \(MoneyFormatter.format(last.available, currency: currency)) prévu, "
                    + "\(MoneyFormatter.format(last.projected, currency: currency)) à ce rythme"
            }
        }
        return table.lines + [""] + closings
    }

    static func sourceWord(_ source: Forecast.Source) -> String {
        switch source {
        case .current: "en cours"
        case .budget: "budget"
        case .template: "modèle"
        case .recurring: "prévisions fixes"
        }
    }
}
