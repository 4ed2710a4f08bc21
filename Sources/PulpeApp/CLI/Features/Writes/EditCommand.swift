import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe edit TARGET [--amount A] [--name N] [--date YYYY-MM-DD] [--kind K] [--tag T] [--untag T]`.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Fix a transaction's amount, name, date, kind or tags.", discussion: ChangeHelp.target)

    @Argument(help: "A transaction id, a unique id prefix (6+ characters), or its exact name.")
    var target: String
    @Option(help: "The new amount (12.50, 12,50, 12.-, 12+8.50).")
    var amount: String?
    @Option(help: "The new description.")
    var name: String?
    @Option(help: "The new day, YYYY-MM-DD.")
    var date: String?
    @Option(help: "depense, revenu or epargne.")
    var kind: KindOption?
    @OptionGroup var tags: TagFlags
    @OptionGroup var options: ChangeOptions

    func validate() throws {
        if amount == nil, name == nil, date == nil, kind == nil, tags.edit == nil {
            throw ValidationError("Rien à modifier — give --amount, --name, --date, --kind, --tag or --untag")
        }
    }

    func run() async throws {
        let edit = TransactionEdit(name: ChangeVerb.name(name), amount: ChangeVerb.amount(amount), kind: kind?.transactionKind,
                                   day: ChangeVerb.day(date), tags: tags.edit)
        try await ChangeVerb.run(options, .editTransaction(target: target, edit))
    }
}
