import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// Enter in the quick-add form: validation before anything is stored, the draft's exact fields,
/// the budget from the date, and the outbox's answer.
@Suite struct QuickAddSaveTests {
    private func filled(amount: String, description: String) -> Session {
        var session = QuickAddFixture.opened()
        session.type(amount)
        session.press(.quickAdd(.nextField))
        session.type(description)
        return session
    }

    /// Enter with this amount and a good description: the problem it raises (nil: stored).
    private func problem(amount: String, description: String = "Café") -> QuickAddProblem? {
        var session = filled(amount: amount, description: description)
        let effects = session.send(.action(.quickAdd(.submit)))
        if session.form?.problem != nil { #expect(effects.isEmpty, "nothing is stored while a problem stands") }
        return session.form?.problem
    }

    @Test func everyAmountProblemIsRefusedBeforeStoring() {
        #expect(problem(amount: "") == .amount(.missing))
        #expect(problem(amount: "   ") == .amount(.missing))
        #expect(problem(amount: "abc") == .amount(.invalid))
        #expect(problem(amount: "12+") == .amount(.invalid))
        #expect(problem(amount: "0") == .amount(.notPositive))
        #expect(problem(amount: "5-8") == .amount(.notPositive))
        #expect(problem(amount: "1000000.01") == .amount(.tooLarge))
        #expect(problem(amount: "1'000'000") == nil, "the maximum itself is fine")
    }

    @Test func everyDescriptionProblemIsRefusedBeforeStoring() {
        #expect(problem(amount: "12", description: "") == .descriptionMissing)
        #expect(problem(amount: "12", description: "    ") == .descriptionMissing)
        #expect(problem(amount: "12", description: String(repeating: "é", count: 101)) == .descriptionTooLong)
        #expect(problem(amount: "12", description: "  " + String(repeating: "é", count: 100) + "  ") == nil,
                "trimmed first, then counted")
    }

    @Test func aProblemKeepsTheInputAndFocusesItsField() throws {
        var session = filled(amount: "", description: "Café")
        session.send(.action(.quickAdd(.submit)))
        let form = try #require(session.form)
        #expect(form.focus == .amount)
        #expect(form.description.text == "Café")
        session.type("4")
        #expect(session.form?.problem == nil, "editing the field clears its problem")
        session.press(.quickAdd(.nextField))
        session.send(.text(.clear))
        session.send(.action(.quickAdd(.submit)))
        #expect(session.form?.problem == .descriptionMissing)
        #expect(session.form?.focus == .description)
        #expect(session.form?.amount.text == "4")
    }

    @Test func enterStoresTheExactDraft() throws {
        var session = filled(amount: "12+8.50", description: "  Café du coin ")
        session.press(.quickAdd(.nextField))
        session.press(.quickAdd(.nextKind), times: 2)
        session.press(.quickAdd(.nextField))
        session.press(.quickAdd(.previousDay))
        session.press(.quickAdd(.nextField))
        session.press(.quickAdd(.toggleChecked))
        let effects = session.send(.action(.quickAdd(.submit)))
        let draft = ExpenseDraft(amount: decimal("20.50"), name: "Café du coin", kind: .saving,
                                 date: CalendarDay(year: 2026, month: 11, day: 20)!, checked: false,
                                 month: QuickAddFixture.november, budgetId: "b-2026-11")
        #expect(effects.storesExpense(draft, thenSync: true))
        let form = try #require(session.form)
        #expect(form.isStoring)
        #expect(session.send(.action(.quickAdd(.submit))).isEmpty, "a second Enter stores nothing twice")
        session.type("9")
        #expect(session.form?.description.text == "  Café du coin ", "typing waits for the outbox")
    }

    @Test func theDefaultsMakeACheckedExpenseOfToday() {
        var session = filled(amount: "12.-", description: "Kiosque")
        let effects = session.send(.action(.quickAdd(.submit)))
        #expect(effects.storesExpense(ExpenseDraft(amount: 12, name: "Kiosque", kind: .expense, date: november21,
                                                       checked: true, month: QuickAddFixture.november, budgetId: "b-2026-11"), thenSync: true))
    }

    @Test func theBudgetFollowsThePayDayPeriodOfTheDate() {
        // Pay day the 25th: the 25th of November opens the period named December, which has no budget.
        var session = filled(amount: "12", description: "Kiosque")
        session.press(.quickAdd(.nextDay), times: 4)
        let effects = session.send(.action(.quickAdd(.submit)))
        #expect(effects.isEmpty)
        #expect(session.form?.problem == .noBudget(QuickAddFixture.december))
        #expect(session.form?.focus == .date)
        session.press(.quickAdd(.previousDay))
        #expect(session.form?.problem == nil, "moving the date clears it")
        #expect(session.send(.action(.quickAdd(.submit))).storesExpense(ExpenseDraft(
            amount: 12, name: "Kiosque", kind: .expense, date: CalendarDay(year: 2026, month: 11, day: 24)!, checked: true,
            month: QuickAddFixture.november, budgetId: "b-2026-11"), thenSync: true))
    }

    @Test func aYearNotHeldIsAskedForAndRefusedUntilItArrives() {
        var session = filled(amount: "12", description: "Kiosque")
        // The 25th of December belongs to January 2027's budget; 2027's list is not held.
        var asked: [Effect] = []
        for _ in 0..<34 { asked += session.send(.action(.quickAdd(.nextDay))) }
        #expect(session.form?.date == CalendarDay(year: 2026, month: 12, day: 25))
        #expect(asked == [.budgets(.loadYear(2027))], "asked once, when the date crossed into it")
        let january = BudgetMonth(year: 2027, month: 1)
        #expect(session.send(.action(.quickAdd(.submit))).isEmpty)
        #expect(session.form?.problem == .budgetsUnknown(january))
        let list = [BudgetSummary(id: "b-2027-1", month: 1, year: 2027)]
        session.send(.budgets(.yearLoaded(2027, .fetched(Fetched(list, fetchedAt: at("14:40"), fromCache: false)), at: .seconds(9))))
        let effects = session.send(.action(.quickAdd(.submit)))
        #expect(effects.storesExpense(ExpenseDraft(amount: 12, name: "Kiosque", kind: .expense,
                                                       date: CalendarDay(year: 2026, month: 12, day: 25)!, checked: true,
                                                       month: january, budgetId: "b-2027-1"), thenSync: true))
    }

    @Test func storedClosesTheForm() {
        var session = filled(amount: "12", description: "Kiosque")
        guard case let (_, draft, _)? = session.send(.action(.quickAdd(.submit))).storedExpense else {
            Issue.record("nothing stored")
            return
        }
        session.quickAddStored(PendingExpense(id: "c-1", draft: draft, state: .pending))
        #expect(session.form == nil)
        #expect(session.home?.browse != nil)
    }

    @Test func notStoredKeepsTheFormAndSaysWhy() throws {
        for failure in [StoreFailure.diskUnavailable, .notSignedIn] {
            var session = filled(amount: "12", description: "Kiosque")
            session.send(.action(.quickAdd(.submit)))
            session.send(.outbox(.changeNotStored(failure)))
            let form = try #require(session.form)
            #expect(form.problem == .notStored(failure))
            #expect(!form.isStoring)
            #expect(form.amount.text == "12" && form.description.text == "Kiosque")
            #expect(session.send(.action(.quickAdd(.submit))).count == 1, "Enter tries again")
        }
    }
}
