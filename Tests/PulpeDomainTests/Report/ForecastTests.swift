import Foundation
import Testing
@testable import PulpeDomain

/// The forecast (issue 61, decision 116): the current month opens on its « Disponible » (the rollover
/// chain of the months before, then its own result); later months add a budget's result, else the
/// default template's plan, else the recurring prévisions; « à ce rythme » takes away the free
/// expenses' pace over the days left, and carries it.
struct ForecastTests {
    typealias Fixture = BudgetReportTests
    static let today = CalendarDay(year: 2026, month: 11, day: 10)!
    /// October's own result: 7000 in, 450 (over its 400) and 30 free out. November's: 7000 planned
    /// in and 12 free, 400 planned out (380 spent), 50 free out.
    static let months = [
        Fixture.months[0],
        Fixture.month(11, lines: [Fixture.line("s11", "Salaire", 7000, .income, month: 11),
                                  Fixture.line("e11", "Épicerie", 400, .expense, month: 11)],
                      transactions: [Fixture.spend("d", 6900, .income, line: "s11", month: 11), Fixture.spend("e", 380, line: "e11", month: 11),
                                     Fixture.spend("f", 12, .income, month: 11), Fixture.spend("g", 50, month: 11)]),
    ]

    @Test func theCurrentMonthIsItsDisponibleAndThePaceTakesAwayTheFreeExpensesToCome() {
        let forecast = Forecast.build(Self.months, today: Self.today, payDay: nil, template: nil, count: 1)
        let current = BudgetTotals(lines: Self.months[1].budgetLines, transactions: Self.months[1].transactions, rollover: 6520)
        #expect(forecast.months.map(\.month) == [BudgetMonth(year: 2026, month: 11)])
        #expect(forecast.months.first?.available == current.remaining)
        #expect(forecast.months.first?.available == 13082, "6520 carried in, 7012 in, 450 out")
        // 50 free over 10 days elapsed, 20 days left: 100 more.
        #expect(forecast.months.first?.projected == 12982)
        #expect(forecast.months.first?.source == .current)
    }

    @Test func laterMonthsFromTheDefaultTemplateElseTheRecurringPrevisions() {
        let template = TemplatePreview(template: BudgetTemplate(id: "t", name: "Standard", isDefault: true),
                                       lines: [.init(name: "Salaire", amount: 7000, kind: .income), .init(name: "Loyer", amount: 5000, kind: .expense)])
        let planned = Forecast.build(Self.months, today: Self.today, payDay: nil, template: template, count: 3)
        #expect(planned.months.map(\.source) == [.current, .template, .template])
        #expect(planned.months.map(\.available) == [13082, 15082, 17082])
        #expect(planned.months.map(\.projected) == [12982, 14982, 16982], "the pace carried")
        let recurring = Forecast.build(Self.months, today: Self.today, payDay: nil, template: nil, count: 2)
        #expect(recurring.months.last?.source == .recurring)
        #expect(recurring.months.last?.available == 19682, "13082 and the fixe prévisions of November: 7000 − 400")
        #expect(planned.closing(ofYear: 2026)?.month == BudgetMonth(year: 2026, month: 12))
        #expect(planned.closing(ofYear: 2027)?.available == 17082)
    }

    @Test func aMonthBudgetedAheadCountsAsPlannedAndTheLastDayHasNoPaceLeft() {
        let december = Fixture.month(12, lines: [Fixture.line("s12", "Salaire", 7100, .income, month: 12)], transactions: [])
        let forecast = Forecast.build(Self.months + [december], today: Self.today, payDay: nil, template: nil, count: 2)
        #expect(forecast.months.last?.source == .budget && forecast.months.last?.available == 20182)
        let lastDay = Forecast.build(Self.months, today: CalendarDay(year: 2026, month: 11, day: 30)!, payDay: nil, template: nil, count: 1)
        #expect(lastDay.months.first?.projected == lastDay.months.first?.available)
        #expect(ForecastOutput.json(lastDay) == #"{"months":[{"month":"2026-11","available":"13082.00","projected":"13082.00"}]}"#)
    }

    /// The year panel's line: the latest budgeted month's remaining, each later month of the year
    /// by the template (else the recurring prévisions), less the pace; nil for another year.
    @Test func theYearEndFromTheYearListTheTemplateAndThePace() {
        let template = TemplatePreview(template: BudgetTemplate(id: "t", name: "Standard", isDefault: true),
                                       lines: [.init(name: "Salaire", amount: 7000, kind: .income), .init(name: "Loyer", amount: 5000, kind: .expense)])
        let end = Forecast.yearEnd(remainingByMonth: [10: 6520, 11: 13082], year: 2026, current: Self.months[1], today: Self.today,
                                   payDay: nil, template: template)
        #expect(end?.month == BudgetMonth(year: 2026, month: 12))
        #expect(end?.available == 15082 && end?.projected == 14982 && end?.source == .template)
        let recurring = Forecast.yearEnd(remainingByMonth: [11: 13082], year: 2026, current: Self.months[1], today: Self.today,
                                         payDay: nil, template: nil)
        #expect(recurring?.available == 19682 && recurring?.source == .recurring)
        #expect(Forecast.yearEnd(remainingByMonth: [11: 13082], year: 2025, current: nil, today: Self.today, payDay: nil, template: nil) == nil)
        #expect(Forecast.yearEnd(remainingByMonth: [:], year: 2026, current: nil, today: Self.today, payDay: nil, template: nil) == nil)
    }

    /// 20.00 free over 3 days, 27 left: 180.00 exactly, not a cent more (multiplied before divided).
    @Test func thePaceIsExactWhenItCanBe() {
        let month = Fixture.month(11, lines: [], transactions: [Fixture.spend("k", 20, month: 11)])
        #expect(Forecast.paceLoss(month, month: BudgetMonth(year: 2026, month: 11), today: CalendarDay(year: 2026, month: 11, day: 3)!,
                                  payDay: nil) == 180)
    }
}
