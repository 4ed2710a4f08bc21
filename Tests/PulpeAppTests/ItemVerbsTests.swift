import ArgumentParser
import PulpeCore
import Testing
@testable import PulpeApp

/// Every row of `ItemVerbs` parses to its write on the item named, under `pulpe` (or `pulpe line`)
/// and its own name — a new verb is covered without a line here.
@Suite struct ItemVerbsTests {
    @Test(arguments: ItemVerbs.topLevel.map { ([$0.configuration.commandName ?? ""], $0.write) }
        + ItemVerbs.line.map { (["line", $0.configuration.commandName ?? ""], $0.write) })
    func aVerbMeansItsWriteOnTheItemNamed(_ path: [String], _ write: ItemWrite) throws {
        let parsed = try PulpeCommand.parseAsRoot(path + ["Café du coin", "--month", "2026-11"])
        let verb = try #require(parsed as? any ItemVerb)
        #expect(verb.intent == .item(write, target: "Café du coin"))
        #expect(verb.options.month == "2026-11")
    }

    @Test func everyItemWriteHasAVerb() {
        #expect(Set(ItemVerbs.all.map { $0.write }) == Set(ItemWrite.allCases))
    }
}
