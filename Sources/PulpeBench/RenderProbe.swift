import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import PulpeTestSupport
import PulpeUI

/// Frame cost inside the process, without the terminal: for each scrolling key, the core's
/// `update`, the views' render of the whole screen into a cell buffer, and the diff against the
/// previous frame (what the ncurses backend then writes). A month of `transactions` rows.
enum RenderProbe {
    static let sizes = [(columns: 120, rows: 40), (columns: 80, rows: 24)]

    static func measure(transactions: Int, strokes: Int, into samples: inout SampleSet) {
        let details = SyntheticMonth.details(transactions: transactions)
        let context = ViewContext(capabilities: Capabilities(unicode: true, colorDepth: .ansi256, reducedMotion: true),
                                  animations: AnimationLibrary(animations: [:]), timeZone: SyntheticMonth.timeZone)
        for size in sizes {
            var state = SyntheticMonth.homeState(details, size: TerminalSize(columns: size.columns, rows: size.rows))
            scroll(&state, label: "\(size.columns)×\(size.rows)", strokes: strokes, countsRuns: true, context: context,
                   into: &samples) { $0 % 10 == 9 ? .browse(.pageDown) : .browse(.moveDown) }
        }
        // The same with a `/` filter active (« café », one row in eight matches): the core filtered
        // the month once, on the keystrokes; frames draw the kept rows.
        var filtered = SyntheticMonth.homeState(details, size: TerminalSize(columns: 120, rows: 40))
        _ = Core.update(&filtered, .action(.browse(.startFilter)))
        for character in "café" { _ = Core.update(&filtered, .text(.insert(character))) }
        _ = Core.update(&filtered, .action(.browse(.endFilter)))
        scroll(&filtered, label: "120×40, filter « café »", strokes: strokes, countsRuns: false, context: context,
               into: &samples) { _ in .browse(.moveDown) }
        gestures(details, strokes: strokes, context: context, into: &samples)
    }

    /// The daily gestures on a selected row (issue 24): `x` (check off) and `d` (delete), each timed
    /// from the key to the diffed frame — the row redrawn ✓ or gone, the totals moved. Between two
    /// strokes the outbox answers empty, so each starts from the same month.
    private static func gestures(_ details: BudgetDetails, strokes: Int, context: ViewContext, into samples: inout SampleSet) {
        var state = SyntheticMonth.homeState(details, size: TerminalSize(columns: 120, rows: 40))
        _ = Core.update(&state, .action(.browse(.openSelectedMonth)))
        var previous = RootView.render(state, now: .seconds(10), context: context).buffer
        for index in 0..<strokes {
            let (action, label) = index % 2 == 0 ? (Action.gesture(.toggleCheckSelected), "x (pointer)") : (.gesture(.deleteSelectedTransaction), "d (supprimer)")
            let start = Monotonic.now()
            _ = Core.update(&state, .action(action))
            let frame = RootView.render(state, now: .seconds(10), context: context)
            _ = frame.buffer.presentationPlan(after: previous)
            samples.add("render", "key → painted, \(label), 120×40, \(details.transactions.count) rows", "ms",
                        Monotonic.milliseconds(from: start))
            _ = Core.update(&state, .outbox(.outboxChanged(OutboxSnapshot())))
            previous = RootView.render(state, now: .seconds(10), context: context).buffer
        }
    }

    /// `strokes` keys, each timed from `update` to the diff.
    private static func scroll(_ state: inout AppState, label: String, strokes: Int, countsRuns: Bool,
                               context: ViewContext, into samples: inout SampleSet, action: (Int) -> Action) {
        var previous = RootView.render(state, now: .seconds(10), context: context).buffer
        for index in 0..<strokes {
            let start = Monotonic.now()
            _ = Core.update(&state, .action(action(index)))
            let frame = RootView.render(state, now: .seconds(10), context: context)
            let plan = frame.buffer.presentationPlan(after: previous)
            samples.add("render", "key → update → render → diff, \(label)", "ms", Monotonic.milliseconds(from: start))
            if countsRuns { samples.add("render", "changed runs per scroll frame, \(label)", "runs", Double(plan.runs.count)) }
            previous = frame.buffer
        }
    }
}

/// A long month built in memory: the shape of the demo's (budget lines of each kind, free and
/// allocated transactions, accents), `transactions` rows long.
enum SyntheticMonth {
    static let timeZone = LocalZone(TimeZone(identifier: "Europe/Zurich") ?? .current)
    static let today = CalendarDay(year: 2026, month: 11, day: 21)!
    static let month = BudgetMonth(year: 2026, month: 11)

    static func details(transactions count: Int) -> BudgetDetails {
        let created = Date(timeIntervalSince1970: 1_792_000_000)
        let budget = Budget(id: "budget-2026-11", createdAt: created, updatedAt: created, userId: "bench", templateId: nil,
                            month: month.month, year: month.year, description: "", rollover: 420)
        let lines: [(String, Decimal, TransactionKind)] = [
            ("Salaire — Helvetia Conseil SA", 7_450, .income), ("Loyer", 2_150, .expense), ("Assurance maladie", 438.6, .expense),
            ("Épicerie", 900, .expense), ("Cafés et sorties", 250, .expense), ("Électricité", 85, .expense),
            ("Épargne", 800, .saving), ("Pilier 3a", 587, .saving),
        ]
        let budgetLines = lines.enumerated().map { index, line in
            BudgetLine(id: "line-\(index)", budgetId: budget.id, name: line.0, amount: line.1, kind: line.2,
                       createdAt: created, updatedAt: created)
        }
        let names = ["Café du Marché", "Kiosque — journaux", "Boulangerie Poyet", "TL — billet de bus", "Migros Daily",
                     "Coop Pronto", "Pharmacie Amavita", "Crêperie La Bolée"]
        let start = CalendarDay(year: 2026, month: 10, day: 25)!.startDate(in: timeZone)
        let rows = (0..<count).map { index in
            let when = start.addingTimeInterval(Double(index % (27 * 24)) * 3600)
            let cents = 20 + (index * 37) % 900
            return Transaction(id: "tx-\(index)", createdAt: when, updatedAt: when, budgetId: budget.id,
                               budgetLineId: index % 3 == 0 ? "line-\(3 + index % 3)" : nil,
                               amount: Decimal(cents) / 100, name: names[index % names.count], kind: .expense,
                               transactionDate: when, checkedAt: index % 4 == 0 ? nil : when)
        }.sorted { $0.transactionDate > $1.transactionDate }
        return BudgetDetails(budget: budget, transactions: rows, budgetLines: budgetLines)
    }

    /// The home screen showing `details` as the current month, settled (no splash, no status).
    static func homeState(_ details: BudgetDetails, size: TerminalSize) -> AppState {
        let settings = UserSettings(payDayOfMonth: 25, currency: .chf)
        var browse = BrowseState(today: today, settings: settings)
        browse.months[month] = .loaded(Fetched(.budget(details), fetchedAt: Date(timeIntervalSince1970: 1_795_000_000), fromCache: false))
        // The year's sparse list: the quick-add form finds the month's budget id in it.
        browse.years[month.year] = .loaded(Fetched([BudgetSummary(id: details.budget.id, month: month.month, year: month.year)],
                                                   fetchedAt: Date(timeIntervalSince1970: 1_795_000_000), fromCache: false))
        let session = SessionSummary(email: "bench@pulpe.local", isDemo: false, isUnlocked: true)
        browse.layOutList(in: size)
        var state = AppState(home: HomeState(session: session, settings: .loaded(settings), browse: browse),
                             terminalSize: size, seed: 1)
        state.session = session
        return state
    }
}
