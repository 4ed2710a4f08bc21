import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe postpone TARGET`: a free, unchecked transaction or a one-off prévision moved to next
/// month's budget (§15.3). Not idempotent on the server: stored as « move it from this month »,
/// and read again before each send, so a lost answer never moves it twice.
struct PostponeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postpone", abstract: "Move a transaction or a one-off prévision to next month.",
        discussion: ChangeHelp.target + " Next month's budget must exist (pulpe budget create YYYY-MM).")

    @Argument(help: "A transaction or prévision: id, unique id prefix (6+ characters), or exact name.")
    var target: String
    @OptionGroup var options: ChangeOptions

    func run() async throws { try await ChangeVerb.run(options, .postpone(target: target)) }
}
