import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// The quick-add form's keys (docs/product.md §2.8): opening, fields, kind, date, pointé, Échap.
@Suite struct QuickAddFormTests {
    @Test func aOpensOnTodayWithTheAmountFocusedAndTheDefaults() throws {
        var session = QuickAddFixture.browsing()
        let effects = session.send(.action(.quickAdd(.open)))
        let form = try #require(session.form)
        #expect(effects.isEmpty, "this year's budgets are held already")
        #expect(form.focus == .amount)
        #expect(form.kind == .expense)
        #expect(form.date == november21)
        #expect(form.checked)
        #expect(form.amount.text.isEmpty && form.description.text.isEmpty)
        #expect(form.problem == nil && !form.isStoring && !form.isConfirmingDiscard)
    }

    @Test func aOpensFromTheYearPanelAndOfflineToo() {
        var year = QuickAddFixture.browsing()
        year.send(.action(.browse(.switchPanel)))
        year.send(.action(.quickAdd(.open)))
        #expect(year.form != nil)
        var offline = QuickAddFixture.browsing()
        offline.send(.availability(.connectivityChanged(offline: true)))
        offline.send(.action(.quickAdd(.open)))
        #expect(offline.form != nil)
    }

    @Test func aDoesNothingBeforeThePanelsOrWhileFiltering() {
        var bare = Session.atHome()
        bare.send(.action(.quickAdd(.open)))
        #expect(bare.form == nil, "no settings yet: no today, no pay day")
        var filtering = QuickAddFixture.browsing()
        filtering.send(.action(.browse(.startFilter)))
        filtering.send(.action(.quickAdd(.open)))
        #expect(filtering.form == nil)
    }

    @Test func tabWalksTheFieldsInOrderAndWraps() {
        var session = QuickAddFixture.opened()
        var seen: [QuickAddForm.Field] = []
        for _ in 0..<8 {
            seen.append(session.form!.focus)
            session.press(.quickAdd(.nextField))
        }
        #expect(seen == [.amount, .description, .line, .kind, .date, .checked, .tags, .amount])
        session.press(.quickAdd(.previousField), times: 2)
        #expect(session.form?.focus == .tags, "Shift-Tab wraps backwards")
        session.press(.quickAdd(.previousField), times: 6)
        #expect(session.form?.focus == .amount)
    }

    @Test func textGoesToTheFocusedField() {
        var session = QuickAddFixture.opened()
        session.type("12.50")
        session.press(.quickAdd(.nextField))
        session.type("Café")
        #expect(session.form?.amount.text == "12.50")
        #expect(session.form?.description.text == "Café")
        session.press(.quickAdd(.nextField))
        session.type("x")
        #expect(session.form?.description.text == "Café", "the kind takes no text")
    }

    @Test func theKindCyclesBothWays() {
        var session = QuickAddFixture.opened()
        session.press(.quickAdd(.nextField), times: 2)
        var kinds: [TransactionKind] = []
        for _ in 0..<3 {
            session.press(.quickAdd(.nextKind))
            kinds.append(session.form!.kind)
        }
        #expect(kinds == [.income, .saving, .expense])
        session.press(.quickAdd(.previousKind))
        #expect(session.form?.kind == .saving)
    }

    @Test func minusAndPlusMoveTheDateByADay() {
        var session = QuickAddFixture.opened()
        session.press(.quickAdd(.previousDay))
        #expect(session.form?.date == CalendarDay(year: 2026, month: 11, day: 20))
        session.press(.quickAdd(.nextDay), times: 12)
        #expect(session.form?.date == CalendarDay(year: 2026, month: 12, day: 2), "across the month's end")
    }

    @Test func spaceTogglesPointe() {
        var session = QuickAddFixture.opened()
        session.press(.quickAdd(.toggleChecked))
        #expect(session.form?.checked == false)
        session.press(.quickAdd(.toggleChecked))
        #expect(session.form?.checked == true)
    }

    @Test func escapeWithNothingTypedClosesAtOnce() {
        var session = QuickAddFixture.opened()
        session.press(.quickAdd(.nextField), times: 2)
        session.press(.quickAdd(.nextKind))
        session.press(.quickAdd(.cancel))
        #expect(session.form == nil)
        #expect(session.home?.browse != nil, "back to the panels")
    }

    @Test func escapeWithInputAsksAndNoKeepsEverything() throws {
        var session = QuickAddFixture.opened()
        session.type("12")
        session.press(.quickAdd(.cancel))
        #expect(session.form?.isConfirmingDiscard == true)
        session.type("9")
        session.press(.quickAdd(.nextField))
        #expect(session.form?.amount.text == "12", "the question takes no other key")
        #expect(session.form?.focus == .amount)
        session.press(.quickAdd(.keepEditing))
        let form = try #require(session.form)
        #expect(!form.isConfirmingDiscard)
        #expect(form.amount.text == "12")
        session.press(.quickAdd(.cancel))
        session.press(.quickAdd(.confirmDiscard))
        #expect(session.form == nil)
    }

    @Test func rightArrowAtTheEndAcceptsTheNewestMatchingName() {
        var session = QuickAddFixture.opened()
        session.press(.quickAdd(.nextField))
        session.type("caf")
        #expect(session.form?.completion == NameCompletion(name: "Café du Marché", suffix: "é du Marché"),
                "the newest of « Café du Marché » (20th) and « Cafétéria HUG » (10th)")
        session.send(.text(.moveRight))
        #expect(session.form?.description.text == "Café du Marché")
        #expect(session.form?.description.isCursorAtEnd == true)
        #expect(session.form?.completion == nil, "nothing longer to offer")
    }

    @Test func completionIgnoresCaseAndAccentsAndKeepsTheNameAsSpelt() {
        var session = QuickAddFixture.opened()
        session.press(.quickAdd(.nextField))
        session.type("CAFET")
        #expect(session.form?.completion == NameCompletion(name: "Cafétéria HUG", suffix: "éria HUG"))
        session.send(.text(.clear))
        session.type("oeu")
        #expect(session.form?.completion == NameCompletion(name: "Œuvre d'entraide", suffix: "vre d'entraide"))
        session.send(.text(.clear))
        session.type("mi")
        #expect(session.form?.completion?.name == "Migros Plainpalais", "newest first")
        session.send(.text(.clear))
        session.type("zz")
        #expect(session.form?.completion == nil)
    }

    @Test func rightArrowInsideTheTextOnlyMovesTheCursor() {
        var session = QuickAddFixture.opened()
        session.press(.quickAdd(.nextField))
        session.type("caf")
        session.send(.text(.moveLeft))
        session.send(.text(.moveRight))
        #expect(session.form?.description.text == "caf")
        #expect(session.form?.description.isCursorAtEnd == true)
    }

    @Test func recentNamesAreUniqueAndIncludeWhatTheOutboxHolds() {
        var session = QuickAddFixture.browsing()
        let queued = PendingExpense(id: "p1", draft: ExpenseDraft(amount: 5, name: "Kiosque", kind: .expense, date: november21,
                                                                  checked: true, month: QuickAddFixture.november, budgetId: "b"),
                                    state: .pending)
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [queued]))))
        session.send(.action(.quickAdd(.open)))
        #expect(session.form?.recentNames.names == ["Kiosque", "Café du Marché", "Migros Plainpalais", "Cafétéria HUG",
                                                    "Minigolf", "Œuvre d'entraide"])
    }
}
