import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe check TARGET` / `pulpe uncheck TARGET`: « pointer » a transaction, or not. Stored as the
/// intended state: the sync reads the transaction first and toggles only when it differs, so a
/// replay never undoes it.
struct CheckCommand: ItemVerb {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check off (« pointer ») a transaction of the month.", discussion: ChangeHelp.target)
    @Argument(help: "A transaction id, a unique id prefix (6+ characters), or its exact name.") var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .checkTransaction(target: target, checked: true) }
}
