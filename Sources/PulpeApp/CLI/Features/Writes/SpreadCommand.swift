import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe spread TARGET --months N`: a one-off prévision or a free transaction of the month spread
/// over N months from it (§16.3) — its amount split to the cent, one one-off prévision each month,
/// the source gone. Through the outbox like every write; a resend after a lost answer finds the
/// source gone and takes it as done.
struct SpreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spread", abstract: "Spread a one-off prévision or a free transaction over months (« lisser »).",
        discussion: """
            TARGET: an id, a unique id prefix (6+) or an exact name in the month (--month, default the current period); \
            transactions first. A new prévision spread from scratch: pulpe line add NAME AMOUNT --spread N [--total]. \
            Exit status: 0 sent, 75 stored and queued, 64 unknown or ambiguous target, 65 cannot be spread, 77 not signed in.
            """)

    @Argument(help: "The prévision or transaction.") var target: String
    @Option(help: "How many months, its own included (2 to 36).") var months: Int
    @OptionGroup var options: ChangeOptions

    func run() async throws {
        try await ChangeVerb.run(options, .spreadItem(target: target, groupId: UUID().uuidString.lowercased(), count: months))
    }
}
