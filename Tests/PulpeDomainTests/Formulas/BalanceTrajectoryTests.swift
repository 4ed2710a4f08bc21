import Foundation
import Testing
@testable import PulpeDomain

/// The month's trajectory (issue 63), with the Pulpe apps' published examples
/// (iOS `BalanceTrajectoryTests`): 5 000 in, 2 000 and 500 out — the plan lands on 2 500 — and a
/// property: on any month the last point is the hero's « Disponible ».
struct BalanceTrajectoryTests {
    static let zone = LocalZone.utc
    static let stamp = Date(timeIntervalSince1970: 1_780_000_000)

    static func line(_ id: String, _ amount: Decimal, _ kind: TransactionKind) -> BudgetLine {
        BudgetLine(id: id, budgetId: "july", name: id, amount: amount, kind: kind, createdAt: stamp, updatedAt: stamp)
    }

    static let lines = [line("salary", 5_000, .income), line("rent", 2_000, .expense), line("food", 500, .expense)]

    static func spend(_ id: String, _ amount: Decimal, _ kind: TransactionKind = .expense, line: String? = nil,
                      year: Int = 2026, month: Int = 7, day: Int) -> Transaction {
        let date = CalendarDay(year: year, month: month, day: day)!.startDate(in: zone).addingTimeInterval(12 * 3600)
        return Transaction(id: id, createdAt: date, updatedAt: date, budgetId: "july", budgetLineId: line, amount: amount, name: id,
                           kind: kind, transactionDate: date, checkedAt: date)
    }

    static func month(_ transactions: [Transaction], lines: [BudgetLine] = lines, year: Int = 2026, month: Int = 7) -> BudgetDetails {
        BudgetDetails(budget: Budget(id: "july", createdAt: stamp, updatedAt: stamp, userId: "u", templateId: nil, month: month, year: year),
                      transactions: transactions, budgetLines: lines)
    }

    static func trajectory(_ transactions: [Transaction], lines: [BudgetLine] = lines) -> BalanceTrajectory? {
        BalanceTrajectory.of(month(transactions, lines: lines), month: BudgetMonth(year: 2026, month: 7),
                             today: CalendarDay(year: 2026, month: 7, day: 15)!, payDay: nil, timeZone: zone)
    }

    @Test func itOpensOnThePlanAndArrivesOnTheEstimate() throws {
        let transactions = [Self.spend("groceries", 800, day: 5)]
        let trajectory = try #require(Self.trajectory(transactions))
        #expect(trajectory.planned == 2_500)
        #expect(trajectory.estimated == Self.month(transactions).totals.remaining)
        #expect(trajectory.drift == trajectory.estimated - 2_500)
        #expect(trajectory.landing.map(\.day) == Array(0...15))
    }

    @Test func itHoldsItsPlanWhileNothingIsSpentOrWhatIsSpentIsOnlyChecked() throws {
        let empty = try #require(Self.trajectory([]))
        #expect(Set(empty.landing.map(\.balance)) == [2_500] && empty.drift == 0 && empty.driftDay == nil)
        let rent = try #require(Self.trajectory([Self.spend("rent-paid", 2_000, line: "rent", day: 3)]))
        #expect(Set(rent.landing.map(\.balance)) == [2_500] && rent.driftDay == nil)
    }

    @Test func itDropsOnTheDayAnEnvelopeIsOverrunAndRisesWithIncomeBeyondItsPlan() throws {
        let over = try #require(Self.trajectory([Self.spend("groceries", 800, line: "food", day: 5)]))
        #expect(over.landing.prefix(5).allSatisfy { $0.balance == 2_500 })
        #expect(over.landing.dropFirst(5).allSatisfy { $0.balance == 2_200 })
        #expect(over.driftDay == CalendarDay(year: 2026, month: 7, day: 5))
        #expect(over.drift == -300)
        let bonus = try #require(Self.trajectory([Self.spend("bonus", 400, .income, day: 9)]))
        #expect(bonus.drift == 400 && bonus.driftDay == CalendarDay(year: 2026, month: 7, day: 9))
    }

    @Test func aTransactionDatedBeforeThePeriodCountsOnlyOnTheHerosDay() throws {
        let trajectory = try #require(Self.trajectory([Self.spend("early", 300, month: 6, day: 28)]))
        #expect(trajectory.planned == 2_500 && trajectory.estimated == 2_200)
        #expect(trajectory.landing.dropLast().allSatisfy { $0.balance == 2_500 })
    }

    @Test func payDayPeriodsAcrossMonthsAndYears() throws {
        let march = BalanceTrajectory.of(Self.month([Self.spend("before", 25, month: 2, day: 26), Self.spend("start", 100, month: 2, day: 27),
                                                     Self.spend("today", 50, month: 3, day: 1)], month: 3),
                                         month: BudgetMonth(year: 2026, month: 3), today: CalendarDay(year: 2026, month: 3, day: 1)!,
                                         payDay: 27, timeZone: Self.zone)
        #expect(march?.today == 3 && march?.totalDays == 28)
        #expect(march?.landing.map(\.balance) == [2_500, 2_400, 2_400, 2_325])
        let early = BalanceTrajectory.of(Self.month([], month: 3), month: BudgetMonth(year: 2026, month: 3),
                                         today: CalendarDay(year: 2026, month: 4, day: 2)!, payDay: 5, timeZone: Self.zone)
        #expect(early?.today == 29 && early?.totalDays == 31)
        let january = BalanceTrajectory.of(Self.month([Self.spend("start", 100, year: 2025, month: 12, day: 27),
                                                       Self.spend("end", 50, month: 1, day: 26)], month: 1),
                                           month: BudgetMonth(year: 2026, month: 1), today: CalendarDay(year: 2026, month: 1, day: 26)!,
                                           payDay: 27, timeZone: Self.zone)
        #expect(january?.today == 31 && january?.totalDays == 31)
        #expect(january?.planned == 2_500 && january?.estimated == 2_350)
        #expect(BalanceTrajectory.of(Self.month([]), month: BudgetMonth(year: 2026, month: 7), today: CalendarDay(year: 2026, month: 9, day: 1)!,
                                     payDay: nil, timeZone: Self.zone) == nil, "outside its own period")
    }

    /// On random months (lines of every kind, rows on them, free, on unknown lines, dated in and
    /// out of the period, a rollover), the last point is the hero's « Disponible » and the first
    /// is the plan's.
    @Test func theLastPointIsAlwaysTheHerosDisponible() throws {
        var generator = Seeded(state: 63)
        let kinds: [TransactionKind] = [.income, .expense, .saving]
        for round in 0..<200 {
            let lines = (0..<Int.random(in: 0...6, using: &generator)).map { index in
                Self.line("l\(index)", Decimal(Int.random(in: 0...3_000, using: &generator)) / 4, kinds.randomElement(using: &generator)!)
            }
            let rows = (0..<Int.random(in: 0...40, using: &generator)).map { index in
                Self.spend("t\(index)", Decimal(Int.random(in: 1...90_000, using: &generator)) / 100, kinds.randomElement(using: &generator)!,
                           line: Bool.random(using: &generator) ? "l\(Int.random(in: 0...7, using: &generator))" : nil,
                           month: Int.random(in: 6...8, using: &generator), day: Int.random(in: 1...28, using: &generator))
            }
            var details = Self.month(rows, lines: lines)
            details.budget.rollover = Decimal(Int.random(in: -50_000...50_000, using: &generator)) / 100
            let today = CalendarDay(year: 2026, month: 7, day: Int.random(in: 1...31, using: &generator))!
            let trajectory = try #require(BalanceTrajectory.of(details, month: BudgetMonth(year: 2026, month: 7), today: today, payDay: nil,
                                                              timeZone: Self.zone))
            #expect(trajectory.estimated == details.totals.remaining, "round \(round)")
            #expect(trajectory.planned == BudgetTotals(lines: lines, transactions: [Transaction](), rollover: details.budget.rollover ?? 0).remaining)
            #expect(trajectory.landing.count == trajectory.today + 1)
        }
    }

    /// A generator with a seed, so a failing round replays.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
