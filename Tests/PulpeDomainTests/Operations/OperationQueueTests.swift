import Foundation
import PulpeDomain
import Testing

/// Coalescing before anything is sent (decision 46), one rule a test.
struct OperationQueueTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let cafe = NewTransaction(id: "t1", budgetId: "b", name: "Café", amount: 4.5, kind: .expense)

    func queue(_ operations: [WriteOperation]) -> [QueuedOperation] {
        operations.enumerated().reduce(into: []) { queue, next in
            queue = OperationQueue.adding(next.element, id: "q\(next.offset)", to: queue)
        }
    }

    @Test func anEditOfAnItemStillToCreateIsFoldedIntoItsCreate() {
        let result = queue([.createTransaction(Self.cafe), .patchTransaction(id: "t1", TransactionChanges(name: "Café crème", amount: 5.2))])
        var expected = Self.cafe
        expected.name = "Café crème"
        expected.amount = 5.2
        #expect(result.map(\.operation) == [.createTransaction(expected)])
    }

    /// Found by the fault injection: a prévision created offline, then made fixed (or of another
    /// kind) before it left — the fold kept only name and amount, and the change was lost.
    @Test func aPrevisionsWholeEditIsFoldedIntoItsCreate() {
        let gift = NewBudgetLine(id: "l9", budgetId: "b", name: "Cadeaux", amount: 200, kind: .expense)
        let result = queue([.createBudgetLine(gift),
                            .patchBudgetLine(id: "l9", BudgetLineChanges(name: "Cadeaux Noël", amount: 250, kind: .saving,
                                                                          recurrence: .fixed))])
        var expected = gift
        expected.name = "Cadeaux Noël"
        expected.amount = 250
        expected.kind = .saving
        expected.recurrence = .fixed
        #expect(result.map(\.operation) == [.createBudgetLine(expected)])
    }

    @Test func aCheckOfAnItemStillToCreateIsFoldedIntoItsCreate() {
        let result = queue([.createTransaction(Self.cafe), .setTransactionChecked(id: "t1", checked: true, at: Self.now)])
        var expected = Self.cafe
        expected.checkedAt = Self.now
        #expect(result.map(\.operation) == [.createTransaction(expected)])
        let unchecked = OperationQueue.adding(.setTransactionChecked(id: "t1", checked: false, at: Self.now), id: "q9", to: result)
        #expect(unchecked.map(\.operation) == [.createTransaction(Self.cafe)])
    }

    @Test func aDeleteOfAnItemStillToCreateDropsBothAndWhatWasQueuedForIt() {
        let result = queue([.createTransaction(Self.cafe), .deleteTransaction(id: "t2"),
                            .patchTransaction(id: "t1", TransactionChanges(amount: 9)), .deleteTransaction(id: "t1")])
        #expect(result.map(\.operation) == [.deleteTransaction(id: "t2")], "never sent, never shown")
    }

    @Test func consecutivePatchesOfOneItemMergeTheNewerWinning() {
        let result = queue([.patchTransaction(id: "t1", TransactionChanges(name: "Migros", amount: 45)),
                            .patchTransaction(id: "t1", TransactionChanges(amount: 54))])
        #expect(result.map(\.operation) == [.patchTransaction(id: "t1", TransactionChanges(name: "Migros", amount: 54))])
        let lines = queue([.patchBudgetLine(id: "l1", BudgetLineChanges(name: "Courses")), .patchBudgetLine(id: "l1", BudgetLineChanges(amount: 700))])
        #expect(lines.map(\.operation) == [.patchBudgetLine(id: "l1", BudgetLineChanges(name: "Courses", amount: 700))])
    }

    @Test func repeatedCheckPressesCollapseToTheLastIntent() {
        let result = queue([.setTransactionChecked(id: "t1", checked: true, at: Self.now),
                            .setTransactionChecked(id: "t1", checked: false, at: Self.now),
                            .setTransactionChecked(id: "t1", checked: true, at: Self.now)])
        #expect(result.map(\.operation) == [.setTransactionChecked(id: "t1", checked: true, at: Self.now)])
    }

    @Test func aDeleteReplacesTheItemsQueuedEditsAndChecks() {
        let result = queue([.patchTransaction(id: "t1", TransactionChanges(amount: 3)), .setTransactionChecked(id: "t1", checked: true, at: Self.now),
                            .patchTransaction(id: "t2", TransactionChanges(amount: 1)), .deleteTransaction(id: "t1")])
        #expect(result.map(\.operation) == [.patchTransaction(id: "t2", TransactionChanges(amount: 1)), .deleteTransaction(id: "t1")])
    }

    /// Found by the operation fault injection: a prévision turned income, an income put on it, the
    /// prévision deleted — all waiting. The delete dropped the kind change, so the income went to
    /// a prévision still an expense one on the server: refused (« Transaction kind 'income' does
    /// not match budget line kind 'expense' »). What a queued write relies on stays ahead of it.
    @Test func aDeleteKeepsThePatchesAQueuedExpenseOnThePrevisionReliesOn() {
        let turned = WriteOperation.patchBudgetLine(id: "l1", BudgetLineChanges(kind: .income))
        let salary = WriteOperation.createTransaction(NewTransaction(id: "t5", budgetId: "b", budgetLineId: "l1", name: "Salaire",
                                                                     amount: 5000, kind: .income))
        let renamed = WriteOperation.patchBudgetLine(id: "l1", BudgetLineChanges(name: "Revenus"))
        let result = queue([turned, salary, renamed, .deleteBudgetLine(id: "l1")])
        // The rename merged into the queued patch of the prévision (its newest), both kept.
        let merged = WriteOperation.patchBudgetLine(id: "l1", BudgetLineChanges(name: "Revenus", kind: .income))
        #expect(result.map(\.operation) == [merged, salary, .deleteBudgetLine(id: "l1")])
        let alone = queue([turned, .deleteBudgetLine(id: "l1")])
        #expect(alone.map(\.operation) == [.deleteBudgetLine(id: "l1")], "nothing relies on it: dropped as before")
    }

    @Test func nothingIsFoldedIntoAnOperationInFlight() {
        var inFlight = QueuedOperation(id: "q0", operation: .createTransaction(Self.cafe), state: .inFlight)
        let patch = WriteOperation.patchTransaction(id: "t1", TransactionChanges(amount: 6))
        var result = OperationQueue.adding(patch, id: "q1", to: [inFlight])
        #expect(result.map(\.operation) == [.createTransaction(Self.cafe), patch], "its body is already on the wire")
        inFlight.operation = .patchTransaction(id: "t1", TransactionChanges(amount: 5))
        result = OperationQueue.adding(patch, id: "q1", to: [inFlight])
        #expect(result.count == 2)
    }

    @Test func anOperationOnAnItemTheServerRefusedToCreateIsBlockedWithIt() {
        let refused = QueuedOperation(id: "q0", operation: .createTransaction(Self.cafe), state: .refused(.rejected(code: "X")))
        let result = OperationQueue.adding(.patchTransaction(id: "t1", TransactionChanges(amount: 6)), id: "q1", to: [refused])
        #expect(result.last?.state == .blocked(by: "q0"))
    }

    @Test func anExpenseOnAPrevisionCreatedOfflineWaitsForItsCreate() {
        let line = WriteOperation.createBudgetLine(NewBudgetLine(id: "l9", budgetId: "b", name: "Cadeaux", amount: 200, kind: .expense))
        var onLine = Self.cafe
        onLine.id = "t9"
        onLine.budgetLineId = "l9"
        let result = queue([line, .createTransaction(onLine), .patchTransaction(id: "t3", TransactionChanges(amount: 2))])
        #expect(!OperationQueue.isReady(result[1], in: result), "its prévision is created first")
        #expect(OperationQueue.isReady(result[0], in: result))
        #expect(OperationQueue.isReady(result[2], in: result), "another item does not wait")
        let patched = OperationQueue.adding(.patchTransaction(id: "t9", TransactionChanges(name: "Livre")), id: "q7", to: result)
        #expect(patched.count == 3, "folded into its create")
    }
}
