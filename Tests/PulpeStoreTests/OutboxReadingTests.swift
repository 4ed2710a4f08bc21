import Foundation
import PulpeDomain
import Testing
@testable import PulpeStore

/// `OutboxStore.openForReading`, what the read-only shell commands use: the items as stored, and
/// not a byte of the file written (a read-write open commits a small write at every start).
@Suite struct OutboxReadingTests {
    private func expense(_ id: String) -> NewTransaction {
        NewTransaction(id: id, budgetId: "budget-nov", name: "Café", amount: Fixtures.amount("4.50"), kind: .expense,
                       transactionDate: Fixtures.t0, checkedAt: nil)
    }

    @Test func noOutboxYetIsNothingToRead() throws {
        let path = Fixtures.temporaryFolder().appendingPathComponent("outbox.sqlite").path
        #expect(try OutboxStore.openForReading(at: path) == nil)
        #expect(!FileManager.default.fileExists(atPath: path), "nothing created")
    }

    @Test func readsTheItemsAndWritesNothing() throws {
        let path = Fixtures.temporaryFolder().appendingPathComponent("outbox.sqlite").path
        do {
            let store = try OutboxStore.open(at: path)
            try store.enqueue(expense("a"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        }
        let before = try #require(FileManager.default.contents(atPath: path))
        let reading = try #require(try OutboxStore.openForReading(at: path))
        #expect(try reading.items(scope: Fixtures.ana).map(\.id) == ["a"])
        #expect(throws: OutboxError.self) {
            try reading.enqueue(expense("b"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        }
        #expect(FileManager.default.contents(atPath: path) == before, "the file's bytes are unchanged")
    }
}
