import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

struct UncheckLineCommand: ItemVerb {
    static let configuration = CommandConfiguration(commandName: "uncheck", abstract: "Uncheck a prévision.", discussion: LineCommand.discussion)
    @Argument(help: "The prévision.") var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .checkLine(target: target, checked: false, withTransactions: false) }
}
