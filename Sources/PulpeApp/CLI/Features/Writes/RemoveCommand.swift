import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe rm TARGET`: delete a transaction (an expense still waiting to be sent is simply dropped).
struct RemoveCommand: ItemVerb {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Delete a transaction of the month.", discussion: ChangeHelp.target)
    @Argument(help: "A transaction id, a unique id prefix (6+ characters), or its exact name.") var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .deleteTransaction(target: target) }
}
