import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe template line add|edit|rm TEMPLATE …`: one bulk request per verb, stored first; with
/// `--propagate`, the months ahead made from the template (their lines not adjusted by hand) are
/// listed from the account kept here before the change is stored.
struct TemplateLineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "line", abstract: "Add, edit or delete a template's line (--propagate: the months ahead follow).",
        subcommands: [Add.self, Edit.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a line to a template.", discussion: TemplateCommand.writeStatus)
        @Argument(help: "The template (id or name).") var template: String
        @Argument(help: "The line's name.") var name: String
        @Argument(help: "The amount planned.") var amount: String
        @Option(help: "depense (default), revenu or epargne.") var kind: KindOption = .depense
        @Option(help: "fixe (default) or ponctuelle.") var recurrence: RecurrenceOption = .fixe
        @Flag(help: "Add it to the months ahead made from this template too.") var propagate = false
        @OptionGroup var options: ChangeOptions

        func validate() throws {
            guard ChangeVerb.amount(amount).map({ $0 > 0 }) == true else { throw ValidationError("Montant invalide — ex. 12.50 (above 0)") }
        }

        func run() async throws {
            let line = NewTemplateLine(name: name, amount: ChangeVerb.amount(amount) ?? 0, kind: kind.transactionKind,
                                       recurrence: recurrence.recurrence)
            try await TemplateLineCommand.write(.addLine(template: template, line, propagate: propagate), options)
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a template line's amount, name, kind or recurrence.", discussion: TemplateCommand.writeStatus)
        @Argument(help: "The template (id or name).") var template: String
        @Argument(help: "The line (id, id prefix or name).") var line: String
        @Option(help: "The new amount planned.") var amount: String?
        @Option(help: "The new name.") var name: String?
        @Option(help: "depense, revenu or epargne.") var kind: KindOption?
        @Option(help: "fixe or ponctuelle.") var recurrence: RecurrenceOption?
        @Flag(help: "The months ahead made from this template follow (lines not adjusted by hand).") var propagate = false
        @OptionGroup var options: ChangeOptions

        func validate() throws {
            guard amount != nil || name != nil || kind != nil || recurrence != nil else {
                throw ValidationError("Rien à modifier — give --amount, --name, --kind or --recurrence")
            }
            if let amount, ChangeVerb.amount(amount).map({ $0 > 0 }) != true { throw ValidationError("Montant invalide — ex. 12.50 (above 0)") }
        }

        func run() async throws {
            let update = TemplateLineUpdate(id: "", name: name, amount: amount.flatMap(ChangeVerb.amount), kind: kind?.transactionKind,
                                            recurrence: recurrence?.recurrence)
            try await TemplateLineCommand.write(.editLine(template: template, line: line, update, propagate: propagate), options)
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a template's line.",
                                                        discussion: TemplateCommand.writeStatus)
        @Argument(help: "The template (id or name).") var template: String
        @Argument(help: "The line (id, id prefix or name).") var line: String
        @Flag(help: "Its lines in the months ahead made from this template go too (not adjusted by hand).") var propagate = false
        @OptionGroup var options: ChangeOptions

        func run() async throws { try await TemplateLineCommand.write(.deleteLine(template: template, line: line, propagate: propagate), options) }
    }

    /// With `--propagate`: the months it will change, from the replica, said first; then stored.
    static func write(_ write: TemplateWrite, _ options: ChangeOptions) async throws {
        if case let .success((batch, templateId))? = try await batch(of: write, options.server) {
            let (months, current) = try await replica(options.server)
            ShellServices.say(TemplateReport.propagation(TemplatePropagation.preview(batch, templateId: templateId, months: months,
                                                                                      from: current)))
        }
        try await ChangeVerb.run(options, .template(write))
    }

    /// The batch a propagating write will store, resolved as the verb will resolve it (nil: it
    /// does not propagate; a failure: the verb says why).
    private static func batch(of write: TemplateWrite, _ server: ServerFlags) async throws -> Result<(TemplateLineBatch, String), WriteRefusal>? {
        switch write {
        case .addLine(_, _, true), .editLine(_, _, _, true), .deleteLine(_, _, true): break
        default: return nil
        }
        let (templates, current) = try await TemplateCommand.read(server)
        let context = WriteContext(month: current, content: .noBudget, templates: templates, timeZone: .system)
        return TemplateResolver.resolve(write, in: context).map { resolved in
            guard case let .editTemplateLines(id, batch, _, _)? = resolved.done.first?.operation else { return (TemplateLineBatch(), "") }
            return (batch, id)
        }
    }

    private static func replica(_ server: ServerFlags) async throws -> ([BudgetDetails], BudgetMonth) {
        let (_, current) = try await TemplateCommand.read(server)
        let app = try await ShellServices.start(server, outbox: .readOnly)
        let read = await HeadlessDriver.run(ExportFlow(), services: app.services)
        await app.stop()
        guard case let .read(months, _, _)? = read else { return ([], current) }
        return (months, current)
    }
}
