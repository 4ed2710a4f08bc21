import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

struct UncheckCommand: ItemVerb {
    static let configuration = CommandConfiguration(
        commandName: "uncheck", abstract: "Uncheck (« dépointer ») a transaction of the month.", discussion: ChangeHelp.target)
    @Argument(help: "A transaction id, a unique id prefix (6+ characters), or its exact name.") var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .checkTransaction(target: target, checked: false) }
}
