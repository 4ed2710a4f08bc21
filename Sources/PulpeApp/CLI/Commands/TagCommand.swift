import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe tag list|add`: the account's tags (§15.2), as the replica keeps them, and a new one
/// through the outbox (created once, when the server answers).
struct TagCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "List the account's tags, or add one.",
        subcommands: [List.self, Add.self], defaultSubcommand: List.self)

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
}
