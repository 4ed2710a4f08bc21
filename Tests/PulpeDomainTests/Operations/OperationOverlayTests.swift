import Foundation
import PulpeDomain
import Testing

/// Cached details + what waits → what is shown, figures included (decision 46).
struct OperationOverlayTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func details() -> BudgetDetails {
        let budget = Budget(id: "b", createdAt: now, updatedAt: now, userId: "u", templateId: "tpl", month: 11, year: 2026,
                            description: "")
        let lines = [
            BudgetLine(id: "salaire", budgetId: "b", name: "Salaire", amount: 7450, kind: .income, createdAt: now, updatedAt: now),
            BudgetLine(id: "courses", budgetId: "b", name: "Courses", amount: 600, kind: .expense, createdAt: now, updatedAt: now),
        ]
        let transactions = [
            Transaction(id: "migros", createdAt: now, updatedAt: now, budgetId: "b", budgetLineId: "courses", amount: 45, name: "Migros",
                        kind: .expense, transactionDate: now, tagIds: [], checkedAt: nil),
            Transaction(id: "cafe", createdAt: now, updatedAt: now, budgetId: "b", amount: 4.5, name: "Café", kind: .expense,
                        transactionDate: now, tagIds: [], checkedAt: nil),
        ]
        return BudgetDetails(budget: budget, transactions: transactions, budgetLines: lines)
    }

    func apply(_ operations: [WriteOperation]) -> BudgetDetails {
        OperationOverlay.apply(operations, to: Self.details(), now: Self.now)
    }

    @Test func everyKindMovesTheRowsAndTheFiguresAtOnce() {
        let before = Self.details()
        let added = apply([.createTransaction(NewTransaction(id: "coop", budgetId: "b", budgetLineId: "courses", name: "Coop",
                                                            amount: 100, kind: .expense, transactionDate: Self.now))])
        #expect(added.transactions.map(\.id) == ["migros", "cafe", "coop"])
        #expect(added.totals.remaining != before.totals.remaining || added.lineConsumptions != before.lineConsumptions,
                "the prévision's bar or « Disponible » moves")
        let edited = apply([.patchTransaction(id: "migros", TransactionChanges(amount: 54))])
        #expect(edited.transactions.first?.amount == 54)
        let deleted = apply([.deleteTransaction(id: "cafe")])
        #expect(deleted.transactions.map(\.id) == ["migros"])
        let checked = apply([.setTransactionChecked(id: "cafe", checked: true, at: Self.now)])
        #expect(checked.transactions.last?.checkedAt == Self.now)
    }

    @Test func aCreateTheServerAlreadyListsIsNotCountedTwice() {
        let again = apply([.createTransaction(NewTransaction(id: "cafe", budgetId: "b", name: "Café", amount: 4.5, kind: .expense))])
        #expect(again == Self.details())
        let otherBudget = apply([.createTransaction(NewTransaction(id: "x", budgetId: "other", name: "X", amount: 1, kind: .expense))])
        #expect(otherBudget == Self.details())
    }

    @Test func aDeletedPrevisionLeavesItsTransactionsFree() {
        let result = apply([.deleteBudgetLine(id: "courses")])
        #expect(result.budgetLines.map(\.id) == ["salaire"])
        #expect(result.transactions.first { $0.id == "migros" }?.budgetLineId == nil)
    }

    @Test func checkingAPrevisionWithItsTransactionsChecksThemAndNeverUnchecks() {
        let result = apply([.setBudgetLineChecked(id: "courses", checked: true, withTransactions: true, at: Self.now)])
        #expect(result.budgetLines.first { $0.id == "courses" }?.checkedAt == Self.now)
        #expect(result.transactions.first { $0.id == "migros" }?.isChecked == true)
        #expect(result.transactions.first { $0.id == "cafe" }?.isChecked == false, "a free one is not its")
        let unchecked = OperationOverlay.apply([.setBudgetLineChecked(id: "courses", checked: false, withTransactions: true, at: Self.now)],
                                               to: result, now: Self.now)
        #expect(unchecked.transactions.first { $0.id == "migros" }?.isChecked == true)
    }

    @Test func aPrevisionEditIsMarkedAdjustedAndANewOneAppears() {
        let result = apply([.patchBudgetLine(id: "courses", BudgetLineChanges(amount: 700)),
                            .createBudgetLine(NewBudgetLine(id: "cadeaux", budgetId: "b", name: "Cadeaux", amount: 200, kind: .expense))])
        #expect(result.budgetLines.first { $0.id == "courses" }?.amount == 700)
        #expect(result.budgetLines.first { $0.id == "courses" }?.isManuallyAdjusted == true)
        #expect(result.budgetLines.last?.name == "Cadeaux")
    }

    @Test func operationsOnRowsItDoesNotHoldChangeNothing() {
        let result = apply([.patchTransaction(id: "nope", TransactionChanges(amount: 1)), .deleteTransaction(id: "nope"),
                            .resetBudgetLine(id: "courses"), .createBudget(month: BudgetMonth(year: 2026, month: 12), templateId: "tpl")])
        #expect(result == Self.details())
    }
}
