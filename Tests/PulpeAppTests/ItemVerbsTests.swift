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

    /// Each `ItemWrite`'s verb, where `ItemVerbs` puts it.
    static let writes: [([String], WriteIntent)] =
        ItemVerbs.topLevel.compactMap { $0 as? any ItemWriteVerb.Type }.map { ([$0.configuration.commandName ?? ""], .item($0.write, target: item)) }
        + ItemVerbs.line.compactMap { $0 as? any ItemWriteVerb.Type }.map { (["line", $0.configuration.commandName ?? ""], .item($0.write, target: item)) }

    @Test(arguments: rows + writes)
    func aVerbMeansItsIntentOnTheItemNamed(_ path: [String], _ intent: WriteIntent) throws {
        let parsed = try PulpeCommand.parseAsRoot(path + [Self.item, "--month", "2026-11"])
        let verb = try #require(parsed as? any ItemVerb)
        #expect(verb.intent == intent)
        #expect(verb.options.month == "2026-11")
    }

    @Test func everyItemWriteHasAVerbAndEveryVerbARow() {
        let verbs = (ItemVerbs.topLevel + ItemVerbs.line).compactMap { $0 as? any ItemWriteVerb.Type }
        #expect(Set(verbs.map { $0.write }) == Set(ItemWrite.allCases))
        #expect(Self.rows.count(where: { !$0.0.contains("--with-transactions") }) + verbs.count
            == ItemVerbs.topLevel.count + ItemVerbs.line.count)
    }
}
