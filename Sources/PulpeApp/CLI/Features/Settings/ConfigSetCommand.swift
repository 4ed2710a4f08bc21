import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe config set pay-day N|calendar`, `currency CHF|EUR`, `currency-selector on|off`: the
/// user's settings on the server (§16.6), through the outbox like every write. A new pay day moves
/// every period's bounds: the expenses waiting that it moves to another month are listed first,
/// and stored only with `--yes` (or when none moves), re-planned before anything is sent.
struct ConfigSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change a setting of the account: pay-day, currency, currency-selector.",
        discussion: """
            pay-day 1..31 or calendar (calendar months); currency CHF or EUR; currency-selector on or off. \
            Exit status: 0 sent, 75 stored and queued, 64 unknown setting or value, 65 expenses waiting would move (give --yes), \
            77 not signed in.
            """)

    @Argument(help: "pay-day, currency or currency-selector.") var key: String
    @Argument(help: "Its new value.") var value: String
    @Flag(help: "Store a new pay day even if expenses waiting move to another month.") var yes = false
    @OptionGroup var options: ChangeOptions

    func validate() throws { _ = try change() }

    func change() throws -> SettingsChange {
        switch key.lowercased() {
        case "pay-day", "payday", "jour-de-paie":
            if ["calendar", "calendrier", "none"].contains(value.lowercased()) { return SettingsChange(payDay: .some(nil)) }
            guard let day = Int(value), (1...31).contains(day) else { throw ValidationError("pay-day: 1 à 31, ou calendar (mois civils)") }
            return SettingsChange(payDay: .some(day))
        case "currency", "devise":
            guard let currency = Currency(rawValue: value.uppercased()) else { throw ValidationError("currency: CHF ou EUR") }
            return SettingsChange(currency: currency)
        case "currency-selector":
            switch value.lowercased() {
            case "on", "yes", "true", "oui": return SettingsChange(showCurrencySelector: true)
            case "off", "no", "false", "non": return SettingsChange(showCurrencySelector: false)
            default: throw ValidationError("currency-selector: on ou off")
            }
        default:
            throw ValidationError("Réglage inconnu « \(key) » — pay-day, currency or currency-selector")
        }
    }

    func run() async throws {
        let change = try change()
        if let payDay = change.payDay {
            let app = try await ShellServices.start(options.server, outbox: .readOnly)
            // The saved session opened first (whose account, its sealed replica), as every local read does.
            _ = await HeadlessDriver.run(TemplatesFlow(today: WallClock.system.today), services: app.services)
            let moves = await app.services.outbox.replanPreview(payDay: payDay)
            await app.stop()
            if !moves.isEmpty {
                var table = TextTable([.left, .left, .left])
                for move in moves {
                    table.add(["  " + move.label, "\(FrenchMonths.title(move.from)) → \(FrenchMonths.title(move.to))",
                               move.budgetId == nil ? "(pas de budget : reste)" : ""])
                }
                let heading = "\(moves.count) dépense\(moves.count == 1 ? "" : "s") en attente change\(moves.count == 1 ? "" : "nt") de mois :"
                guard yes else {
                    ShellServices.fail(([heading] + table.lines + ["Ajoute --yes pour changer le jour de paie — nothing stored"])
                        .joined(separator: "\n"), status: ExitStatus.dataError)
                }
                ShellServices.say(([heading] + table.lines).joined(separator: "\n"))
            }
        }
        try await ChangeVerb.run(options, .settings(change, undo: nil))
    }
}
