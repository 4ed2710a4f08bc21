import Foundation
import PulpeDomain
import Testing

/// Spreads (decision 123): the split the server makes, the decision rows, the overlay.
@Suite struct SpreadPlanTests {
    static let december = BudgetMonth(year: 2026, month: 12)

    @Test func aTotalIsSplitToTheCentWithTheRemainderFirst() {
        #expect(SpreadPlan.split(Decimal(string: "1000.01")!, into: 4) == [Decimal(string: "250.01")!, 250, 250, 250])
        #expect(SpreadPlan.split(100, into: 3) == [Decimal(string: "33.34")!, Decimal(string: "33.33")!, Decimal(string: "33.33")!])
        #expect(SpreadPlan.split(Decimal(string: "0.02")!, into: 3) == [Decimal(string: "0.01")!, Decimal(string: "0.01")!, 0])
        #expect(SpreadPlan.split(5, into: 0).isEmpty)
        for count in 1...36 {
            let parts = SpreadPlan.split(Decimal(string: "1234.57")!, into: count)
            #expect(parts.reduce(0, +) == Decimal(string: "1234.57")!, "Σ kept over \(count) months")
        }
    }

    @Test func perMonthRepeatsTheAmountAndTheMonthsFollowEachOther() {
        let plan = SpreadPlan(groupId: "g", name: "Ordinateur", kind: .expense, perMonth: true, amount: 80,
                              months: SpreadPlan.months(from: Self.december, count: 3))
        #expect(plan.amounts == [80, 80, 80])
        #expect(plan.months == [Self.december, BudgetMonth(year: 2027, month: 1), BudgetMonth(year: 2027, month: 2)])
    }

    @Test func aReplayAnswered404IsDoneOnlyForASpreadFromAnItem() {
        let fromItem = WriteOperation.spread(SpreadPlan(groupId: "g", source: .transaction("t"), name: "Pneus", kind: .expense,
                                                        perMonth: false, amount: 600, months: [Self.december, Self.december.next]))
        let fresh = WriteOperation.spread(SpreadPlan(groupId: "g", name: "Pneus", kind: .expense, perMonth: true, amount: 60,
                                                     months: [Self.december]))
        #expect(OperationDecision.decide(fromItem, .failure(status: 404, code: "ERR_TRANSACTION_NOT_FOUND"), isReplay: true) == .done)
        #expect(OperationDecision.decide(fromItem, .failure(status: 404, code: "ERR_TRANSACTION_NOT_FOUND"), isReplay: false)
                == .refuse(.gone))
        #expect(OperationDecision.decide(fresh, .failure(status: 422, code: "ERR_BUDGET_LINE_SPREAD_INVALID"), isReplay: false)
                == .refuse(.rejected(code: "ERR_BUDGET_LINE_SPREAD_INVALID")))
        #expect(OperationDecision.decide(fresh, .failure(status: 503, code: nil), isReplay: true) == .keep)
        #expect(OperationDecision.decide(fresh, .success(status: 201), isReplay: true) == .done)
        #expect(fromItem.target == .transaction("t") && fresh.target == .group("g"))
    }

    @Test func whileItWaitsTheSourceLeavesAndEachMonthShowsItsShare() {
        let stamp = Date(timeIntervalSince1970: 1_796_000_000)
        let budget = Budget(id: "b-dec", createdAt: stamp, updatedAt: stamp, userId: "u", templateId: nil, month: 12, year: 2026,
                            description: "")
        let tires = Transaction(id: "t", createdAt: stamp, updatedAt: stamp, budgetId: "b-dec", budgetLineId: nil, amount: 600,
                                name: "Pneus", kind: .expense, transactionDate: stamp)
        let details = BudgetDetails(budget: budget, transactions: [tires], budgetLines: [])
        let plan = SpreadPlan(groupId: "g", source: .transaction("t"), name: "Pneus", kind: .expense, perMonth: false, amount: 600,
                              months: SpreadPlan.months(from: Self.december, count: 3))
        let shown = OperationOverlay.apply([.spread(plan)], to: details, now: stamp)
        #expect(shown.transactions.isEmpty)
        #expect(shown.budgetLines.map(\.amount) == [200] && shown.budgetLines.first?.spreadGroupId == "g")
        #expect(shown.budgetLines.first?.id == plan.provisionalLineId(in: Self.december))
        #expect(OperationOverlay.apply([.spread(plan), .spread(plan)], to: details, now: stamp).budgetLines.count == 1, "once")
    }

    @Test func theSourcePrevisionsTransactionsStayFreeAndEveryMonthOfTheGroupIsTouched() {
        let stamp = Date(timeIntervalSince1970: 1_796_000_000)
        let budget = Budget(id: "b-dec", createdAt: stamp, updatedAt: stamp, userId: "u", templateId: nil, month: 12, year: 2026,
                            description: "")
        let line = BudgetLine(id: "l", budgetId: "b-dec", name: "Vacances", amount: 1200, kind: .expense, recurrence: .oneOff,
                              createdAt: stamp, updatedAt: stamp)
        let spent = Transaction(id: "t", createdAt: stamp, updatedAt: stamp, budgetId: "b-dec", budgetLineId: "l", amount: 1500,
                                name: "Hôtel", kind: .expense, transactionDate: stamp)
        let plan = SpreadPlan(groupId: "g", source: .line("l"), name: "Vacances", kind: .expense, perMonth: false, amount: 1200,
                              months: SpreadPlan.months(from: Self.december, count: 3))
        let shown = OperationOverlay.apply([.spread(plan)], to: BudgetDetails(budget: budget, transactions: [spent], budgetLines: [line]),
                                           now: stamp)
        #expect(shown.transactions.map(\.budgetLineId) == [nil], "as the server: the prévision goes, its transactions stay, free")
        #expect("\(shown.totals.totalExpenses)" == "1900", "the share and the freed expense both count")
        #expect(WriteOperation.spread(plan).groupMonths == plan.months)
        let pair = WithdrawalPlan(groupId: "w", budgetId: "b-dec", month: Self.december, amount: 300, incomeName: "Mon épargne",
                                  savingName: "Remettre sur ton épargne")
        #expect(WriteOperation.savingsWithdrawal(pair).groupMonths == [Self.december, Self.december.next])
    }
}
