import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe year [YYYY]`: the year panel's data — what is left at the end of each month and the
/// year's closing balance — by the same `YearFigures` the panel draws.
struct YearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "year",
        abstract: "The year panel as a table: what is left each month, and the closing balance.",
        discussion: """
        YEAR defaults to the current pay-day period's year. Cache and server as for pulpe month.
        Exit status: 0, 77 not signed in or locked, 75 nothing cached and the server did not answer, 64 usage.
        """)

    @Argument(help: "The year, YYYY (default: this year).")
    var year: Int?

    @OptionGroup var reading: ReadFlags

    @OptionGroup var server: ServerFlags

    func validate() throws {
        if let year, !(1900...9999).contains(year) { throw ValidationError("\(year) n'est pas une année — expected YYYY") }
        // The API's own range (2020 … this year + 10): the server would refuse it with a 400.
        let thisYear = CalendarDay(SystemTime.now(), in: .system).year
        if let year, !(2020...thisYear + 10).contains(year) {
            throw ValidationError("Pulpe ne connaît que les années 2020 à \(thisYear + 10) — year out of range, expected 2020…\(thisYear + 10)")
        }
    }

    func run() async throws {
        let app = try await ShellServices.start(server, outbox: .readOnly)
        let shown = ShellServices.year(await ShellServices.read(.year(year), maxAge: reading.maxAge, timeout: reading.timeout, app: app))
        ShellServices.say(reading.json ? YearReport.json(shown) : YearReport.table(shown, now: SystemTime.now()).joined(separator: "\n"))
    }
}
