import ArgumentParser
import PulpeCore
import Testing
@testable import PulpeApp

/// Every row of `ItemVerbs` parses, under its path, to the intent the TUI's key would make: the
/// verbs of an `ItemWrite` are checked without a line here; the others have their row below.
@Suite struct ItemVerbsTests {
    static let item = "Café du coin"

    /// The verbs that are not an `ItemWrite`'s, with what they mean.
    static let rows: [([String], WriteIntent)] = [
        (["check"], .checkTransaction(target: item, checked: true)),
        (["uncheck"], .checkTransaction(target: item, checked: false)),
        (["rm"], .deleteTransaction(target: item)),
        (["line", "rm"], .deleteLine(target: item)),
        (["line", "check"], .checkLine(target: item, checked: true, withTransactions: false)),
        (["line", "check", "--with-transactions"], .checkLine(target: item, checked: true, withTransactions: true)),
        (["line", "uncheck"], .checkLine(target: item, checked: false, withTransactions: false)),
    ]

    /// Each `ItemWrite`'s verb, from its own words.
    static let writes: [([String], WriteIntent)] = ItemWrite.allCases.map { write in
        ((write.verb.underLine ? ["line"] : []) + [write.verb.name], .item(write, target: item))
    }

    @Test(arguments: rows + writes)
    func aVerbMeansItsIntentOnTheItemNamed(_ path: [String], _ intent: WriteIntent) throws {
        let parsed = try PulpeCommand.parseAsRoot(path + [Self.item, "--month", "2026-11"])
        let verb = try #require(parsed as? any ItemVerb)
        #expect(verb.intent == intent)
        #expect(verb.options.month == "2026-11")
    }

    /// Every verb of the two lists has its row here or is an `ItemWrite`'s, and no two commands
    /// of `pulpe` or of `pulpe line` share a name (the parser would take the first).
    @Test func everyVerbHasARowAndANameOfItsOwn() {
        #expect(Self.rows.count(where: { !$0.0.contains("--with-transactions") }) + ItemWrite.allCases.count
            == ItemVerbs.topLevel.count + ItemVerbs.line.count)
        for list in [PulpeCommand.configuration.subcommands, LineCommand.configuration.subcommands] {
            let names = list.map { $0.configuration.commandName ?? "" }
            #expect(Set(names).count == names.count, "\(names)")
        }
    }
}
