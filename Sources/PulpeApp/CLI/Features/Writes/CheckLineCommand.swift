import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

struct CheckLineCommand: ItemVerb {
    static let configuration = CommandConfiguration(commandName: "check",
                                                    abstract: "Check off a prévision (with --with-transactions, its transactions too).",
                                                    discussion: LineCommand.discussion)
    @Argument(help: "The prévision.") var target: String
    @Flag(name: .customLong("with-transactions"), help: "Check its transactions too.") var withTransactions = false
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .checkLine(target: target, checked: true, withTransactions: withTransactions) }
}
