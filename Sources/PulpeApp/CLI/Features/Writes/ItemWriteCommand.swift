import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe postpone TARGET`, `pulpe line reset|fit NAME`, …: an `ItemWrite`'s verb, named and
/// helped by the write's words. (Postpone is not idempotent on the server: stored as « move it
/// from this month » and read again before each send, so a lost answer never moves it twice.)
struct ItemWriteCommand<Kind: ItemWriteKind>: ItemVerb {
    static var configuration: CommandConfiguration {
        let verb = Kind.write.verb
        let common = verb.underLine ? LineCommand.discussion : ChangeHelp.target
        return CommandConfiguration(commandName: verb.name, abstract: verb.abstract,
                                    discussion: verb.discussion.isEmpty ? common : common + "\n" + verb.discussion)
    }

    @Argument(help: ArgumentHelp(Kind.write.verb.argument)) var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .item(Kind.write, target: target) }
}
