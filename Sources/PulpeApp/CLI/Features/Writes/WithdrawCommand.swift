import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe withdraw AMOUNT [--from SOURCE] [--as NAME]` and `pulpe withdraw cancel NAME
/// [--keep-income]`: « Piocher dans son épargne » (§16.4) — an income in the month taken from
/// savings and its saving back the next month, one write through the outbox (its idempotency key
/// drawn once); taken back whole, or its repayment only.
struct WithdrawCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw", abstract: "« Piocher dans son épargne »: an income now, its saving back next month.",
        subcommands: [Take.self, Cancel.self], defaultSubcommand: Take.self)

    struct Take: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "take", abstract: "Take AMOUNT from savings into the month (--month, default the current period).",
            discussion: """
                The income goes in the month, the same amount as a saving in the next (its budget made from the default template \
                if missing). Exit status: 0 sent, 75 stored and queued, 65 invalid amount, 77 not signed in.
                """)
        @Argument(help: "The amount.") var amount: String
        @Option(help: "Where it comes from: the income's name (default « Mon épargne »).") var from: String?
        @Option(name: .customLong("as"), help: "The repayment's name next month (default « Remettre sur ton épargne »).") var saving: String?
        @OptionGroup var options: ChangeOptions

        func validate() throws {
            guard ChangeVerb.amount(amount).map({ $0 > 0 }) == true else { throw ValidationError("Montant invalide — ex. 300 (above 0)") }
        }

        func run() async throws {
            try await ChangeVerb.run(options, .withdraw(groupId: UUID().uuidString.lowercased(), amount: ChangeVerb.amount(amount) ?? 0,
                                                        incomeName: ChangeVerb.name(from) ?? WithdrawalPlan.defaultIncomeName,
                                                        savingName: ChangeVerb.name(saving) ?? WithdrawalPlan.defaultSavingName))
        }
    }

    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take a withdrawal back, found by either line's name in the month; --keep-income drops the repayment only.")
        @Argument(help: "The income's or the repayment's name.") var name: String
        @Flag(help: "Keep the income; only the saving next month goes.") var keepIncome = false
        @OptionGroup var options: ChangeOptions

        func run() async throws { try await ChangeVerb.run(options, .cancelWithdrawal(target: name, repaymentOnly: keepIncome)) }
    }
}
