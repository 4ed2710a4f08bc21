import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe tag list|add|rename|rm|history`: the account's tags (§15.2), as the replica keeps them;
/// a new one, a rename and a delete through the outbox (each reaches the server once); a tag's
/// planned against actual over months.
struct TagCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "List, add, rename or delete the account's tags; a tag's history.",
        subcommands: [List.self, Add.self, Rename.self, Remove.self, History.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the tags (from the account kept here; pulpe sync reads it again).",
            discussion: "Exit status: 0, or 77 when nobody is signed in. --json prints [{\"id\",\"name\"}].")

        @Flag(help: "Print JSON for scripts.")
        var json = false
        @OptionGroup var server: ServerFlags

        func run() async throws {
            let app = try await ShellServices.start(server, outbox: .readOnly)
            let outcome = await HeadlessDriver.run(TagsFlow(), services: app.services)
            await app.stop()
            guard case let .listed(tags)? = outcome else { ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission) }
            if json {
                let rows = tags.map { ["id": $0.id, "name": $0.name] }
                let data = (try? JSONSerialization.data(withJSONObject: rows, options: [.sortedKeys])) ?? Data("[]".utf8)
                ShellServices.say(String(decoding: data, as: UTF8.self))
            } else {
                ShellServices.say(tags.isEmpty ? "Aucun tag" : tags.map { "#" + $0.name }.joined(separator: "\n"))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a tag (1 to 30 characters); one the account has already, case aside, is kept as it is.",
            discussion: "Exit status: 0 sent, 75 stored and queued, 65 invalid name, 77 not signed in or locked.")

        @Argument(help: "The tag's name.")
        var name: String
        @OptionGroup var options: ChangeOptions

        func run() async throws { try await ChangeVerb.run(options, .createTag(name: name)) }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rename a tag (found by name, case aside, accents kept).",
            discussion: "Exit status: 0 sent, 75 stored and queued, 65 invalid or taken name, 64 unknown tag, 77 not signed in.")

        @Argument(help: "The tag's name now.") var name: String
        @Argument(help: "Its new name (1 to 30 characters).") var newName: String
        @OptionGroup var options: ChangeOptions

        func run() async throws { try await ChangeVerb.run(options, .renameTag(name: name, to: newName)) }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a tag: the server takes it off every item that carries it.",
            discussion: """
                What carries it (in the account kept here) is listed first; a tag in use is deleted only with --yes. \
                Exit status: 0 sent, 75 stored and queued, 64 unknown tag, 65 in use without --yes, 77 not signed in.
                """)

        @Argument(help: "The tag's name.") var name: String
        @Flag(help: "Delete it even if transactions or prévisions carry it.") var yes = false
        @OptionGroup var options: ChangeOptions

        func run() async throws {
            let carriers = try await Self.carriers(of: name, server: options.server)
            if !carriers.isEmpty {
                var table = TextTable([.left, .left, .right])
                for (month, item, amount) in carriers { table.add(["  " + FrenchMonths.title(month), item, amount]) }
                let heading = "#\(name) : \(carriers.count) élément\(carriers.count == 1 ? "" : "s") le portent"
                if !yes {
                    ShellServices.fail(([heading] + table.lines + ["Ajoute --yes pour le supprimer quand même — in use, nothing stored"])
                        .joined(separator: "\n"), status: ExitStatus.dataError)
                }
                ShellServices.say(([heading] + table.lines).joined(separator: "\n"))
            }
            try await ChangeVerb.run(options, .deleteTag(name: name))
        }

        /// The transactions and prévisions of the replica that carry the tag (month, name, amount).
        static func carriers(of name: String, server: ServerFlags) async throws -> [(BudgetMonth, String, String)] {
            let app = try await ShellServices.start(server, outbox: .readOnly)
            let tags = await HeadlessDriver.run(TagsFlow(), services: app.services)
            let read = await HeadlessDriver.run(ExportFlow(), services: app.services)
            await app.stop()
            guard case let .listed(catalogue)? = tags, case let .read(months, _, currency)? = read,
                  let tag = TagNaming.tag(named: name, in: catalogue) else { return [] }
            let id = tag.id.lowercased()
            return months.flatMap { details -> [(BudgetMonth, String, String)] in
                let month = BudgetMonth(year: details.budget.year, month: details.budget.month)
                let lines = details.budgetLines.filter { $0.tagIds.contains { $0.lowercased() == id } }.map {
                    (month, "prévision " + $0.name, MoneyFormatter.signed($0.amount, kind: $0.kind, currency: currency))
                }
                let transactions = details.transactions.filter { $0.tagIds.contains { $0.lowercased() == id } }.map {
                    (month, $0.name, MoneyFormatter.signed($0.amount, kind: $0.kind, currency: currency))
                }
                return lines + transactions
            }
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A tag's planned (its expense prévisions) against actual (its expense transactions), month by month.",
            discussion: """
                The server's figures when it answers, else computed the same way from the account kept here. \
                --json prints the server's shape: {tagId, periods:[{month, year, plannedAmount, actualAmount}], totalPlanned, \
                totalActual, monthlyAverageActual, actualToPlannedPercent}. Exit status: 0, 64 unknown tag, 77 not signed in or locked.
                """)

        @Argument(help: "The tag's name.") var name: String
        @Option(help: "3, 6, 12 or 24 months.") var months = 12
        @Option(help: "The last month, YYYY-MM (default: the current pay-day period).") var end: String?
        @Flag(help: "Print JSON for scripts.") var json = false
        @OptionGroup var server: ServerFlags

        func validate() throws {
            guard TagHistory.windows.contains(months) else { throw ValidationError("--months: 3, 6, 12 ou 24") }
            if let end, MonthCommand.parse(end) == nil { throw ValidationError("--end: YYYY-MM") }
        }

        func run() async throws {
            let app = try await ShellServices.start(server, outbox: .readOnly)
            let flow = TagHistoryFlow(name: name, months: months, end: end.flatMap(MonthCommand.parse), today: WallClock.system.today)
            let outcome = await HeadlessDriver.run(flow, services: app.services)
            await app.stop()
            switch outcome {
            case let .history(tag, history, fromServer)?:
                if json {
                    let data = (try? PulpeJSON.encode(history)) ?? Data("{}".utf8)
                    ShellServices.say(String(decoding: data, as: UTF8.self))
                } else {
                    ShellServices.say(Self.table(tag, history, fromServer: fromServer).joined(separator: "\n"))
                }
            case let .unknownTag(available)?:
                ShellServices.fail("Tag introuvable : « \(name) » — unknown tag" + (available.isEmpty ? "" : "; tags: "
                    + available.map { "#" + $0 }.joined(separator: " ")), status: ExitStatus.usage)
            case .notSignedIn?: ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
            case .locked?: ShellServices.fail(ShellCopy.locked, status: ExitStatus.noPermission)
            case .keyChanged?: ShellServices.fail(ShellCopy.keyChanged, status: ExitStatus.noPermission)
            case nil: ShellServices.fail("the history ended without an outcome (a bug: see the log)", status: ExitStatus.software)
            }
        }

        static func table(_ tag: Tag, _ history: TagHistory, fromServer: Bool) -> [String] {
            var table = TextTable([.left, .right, .right])
            table.add(["", "Prévu", "Dépensé"])
            for period in history.periods {
                table.add([FrenchMonths.title(BudgetMonth(year: period.year, month: period.month)),
                           MoneyFormatter.number(period.plannedAmount, currency: .chf), MoneyFormatter.number(period.actualAmount, currency: .chf)])
            }
            table.add(["Total", MoneyFormatter.number(history.totalPlanned, currency: .chf),
                       MoneyFormatter.number(history.totalActual, currency: .chf)])
            let percent = history.actualToPlannedPercent.map { " · \(MoneyFormatter.number($0, currency: .chf)) % du prévu" } ?? ""
            return ["#\(tag.name)" + (fromServer ? "" : " (du cache : serveur injoignable)")] + table.lines
                + ["Moyenne \(MoneyFormatter.number(history.monthlyAverageActual, currency: .chf)) par mois" + percent]
        }
    }
}
