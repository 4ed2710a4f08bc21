import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe template list|show|add|rename|default|rm` and `pulpe template line add|edit|rm`: the
/// account's templates (« Modèles », §16.5) as the replica keeps them; every change through the
/// outbox, one stored change per verb (a line change is one bulk request), `--propagate` carrying
/// it into the months ahead made from the template — what it will change said first.
struct TemplateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template", abstract: "List the templates (« Modèles »); add, rename, set as default or delete one; edit its lines.",
        subcommands: [List.self, Show.self, Add.self, Rename.self, MakeDefault.self, Remove.self, TemplateLineCommand.self],
        defaultSubcommand: List.self)

    static let writeStatus = "Exit status: 0 sent, 75 stored and queued, 64 unknown template or line, 65 invalid input, 77 not signed in."

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the templates, the default first (from the account kept here; pulpe sync reads it again).",
            discussion: "--json prints [{id, name, isDefault, plannedRemaining, lines}]. Exit status: 0, 69 never read, 77 not signed in.")
        @Flag(help: "Print JSON for scripts.") var json = false
        @OptionGroup var server: ServerFlags

        func run() async throws {
            let (templates, _) = try await TemplateCommand.read(server)
            if json { return ShellServices.say(TemplateReport.json(templates)) }
            ShellServices.say(TemplateReport.list(templates))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A template's lines (by id or name).",
            discussion: "--json prints {id, name, isDefault, plannedRemaining, lines:[{id, name, amount, kind, recurrence}]}.")
        @Argument(help: "The template (id or name).") var template: String
        @Flag(help: "Print JSON for scripts.") var json = false
        @OptionGroup var server: ServerFlags

        func run() async throws {
            let (templates, _) = try await TemplateCommand.read(server)
            guard let chosen = WriteResolver.template(template, in: templates) else {
                ShellServices.fail("Modèle introuvable : « \(template) » — unknown template; templates: "
                                   + templates.map(\.template.name).joined(separator: ", "), status: ExitStatus.usage)
            }
            ShellServices.say(json ? TemplateReport.json([chosen], one: true) : TemplateReport.lines(chosen))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an empty template (5 at most).", discussion: writeStatus)
        @Argument(help: "Its name (1 to 100 characters).") var name: String
        @OptionGroup var options: ChangeOptions

        func run() async throws { try await ChangeVerb.run(options, .template(.add(name: name))) }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a template.", discussion: writeStatus)
        @Argument(help: "The template (id or name).") var template: String
        @Argument(help: "Its new name.") var newName: String
        @OptionGroup var options: ChangeOptions

        func run() async throws { try await ChangeVerb.run(options, .template(.rename(template: template, to: newName))) }
    }

    struct MakeDefault: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "default", abstract: "Make a template the default one (new months are made from it).", discussion: writeStatus)
        @Argument(help: "The template (id or name).") var template: String
        @OptionGroup var options: ChangeOptions

        func run() async throws { try await ChangeVerb.run(options, .template(.makeDefault(template: template))) }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a template (the server refuses one a month was made from: ERR_TEMPLATE_IN_USE).",
            discussion: writeStatus)
        @Argument(help: "The template (id or name).") var template: String
        @OptionGroup var options: ChangeOptions

        func run() async throws { try await ChangeVerb.run(options, .template(.delete(template: template))) }
    }

    /// The templates kept with the account and the current pay-day period; exits when there are none.
    static func read(_ server: ServerFlags) async throws -> ([TemplatePreview], BudgetMonth) {
        let app = try await ShellServices.start(server, outbox: .readOnly)
        let outcome = await HeadlessDriver.run(TemplatesFlow(today: WallClock.system.today), services: app.services)
        await app.stop()
        switch outcome {
        case let .listed(templates?, current)?: return (templates, current)
        case .listed(nil, _)?:
            ShellServices.fail("Modèles jamais lus : lance pulpe sync (the templates were never read here)", status: ExitStatus.unavailable)
        case .notSignedIn?, nil:
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        }
    }
}
