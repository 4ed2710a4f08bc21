import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

struct RemoveLineCommand: ItemVerb {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a prévision (its transactions stay, free).",
                                                    discussion: LineCommand.discussion)
    @Argument(help: "The prévision.") var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .deleteLine(target: target) }
}
