import Foundation
import PulpeCore
import PulpeDomain
import PulpeStore
import PulpeTerminal
import PulpeTestSupport
import PulpeUI

/// `S` over a cached year (decision 53; the goal: key → results painted under 50 ms for 100 000
/// transactions), inside the process: the year is saved in a real cache file, 12 months sharing
/// `transactions` rows; `Entrée` in the search goes through the core, the cache's SQL search (what
/// the budgets service runs for `.search`), the core again with the hits, the render and the diff.
enum SearchProbe {
    static let queries = [("dentiste", "a rare name"), ("poyet", "one row in eight")]

    static func measure(transactions: Int, runs: Int, into samples: inout SampleSet) throws {
        let directory = try TemporaryDirectory(prefix: "pulpe-bench-search")
        defer { directory.remove() }
        let store = CacheStore.open(at: directory.path + "/cache.sqlite")
        let scope = CacheScope(serverKey: "bench", userId: "bench")
        let perMonth = max(1, transactions / 12)
        var current: BudgetDetails?
        for number in 1...12 {
            let month = BudgetMonth(year: 2026, month: number)
            let details = Self.details(of: month, transactions: perMonth)
            store.saveMonth(details, month: month, scope: scope, fetchedAt: Date())
            if month == SyntheticMonth.month { current = details }
        }
        guard let current else { throw RunFailure(description: "no current month") }
        let context = ViewContext(capabilities: Capabilities(unicode: true, colorDepth: .ansi256, reducedMotion: true),
                                  animations: AnimationLibrary(animations: [:]), timeZone: SyntheticMonth.timeZone)
        for (query, label) in queries {
            var found = 0
            for _ in 0..<runs {
                var state = SyntheticMonth.homeState(current, size: Size(width: 120, height: 40))
                _ = Core.update(&state, .action(.search(.open)))
                for character in query { _ = Core.update(&state, .text(.insert(character))) }
                let previous = RootView.render(state, now: .seconds(10), context: context).buffer
                let start = Monotonic.now()
                let effects = Core.update(&state, .action(.search(.enter)))
                guard effects.contains(where: { if case .budgets(.search) = $0 { true } else { false } }) else {
                    throw RunFailure(description: "Entrée asked no search: \(effects)")
                }
                let hits = SearchHit.merged(store.search(query, scope: scope))
                found = hits.count
                let results = SearchResults(hits: hits, askedServer: false, fromCache: Set(hits.map(\.id)))
                _ = Core.update(&state, .budgets(.searchFinished(query, results, at: .seconds(10))))
                let frame = RootView.render(state, now: .seconds(10), context: context)
                _ = frame.buffer.presentationPlan(after: previous)
                samples.add("search", "S « \(query) » (\(label)): Entrée → results painted, cached year of \(perMonth * 12)", "ms",
                            Monotonic.milliseconds(from: start))
            }
            samples.add("search", "hits for « \(query) »", "hits", Double(found))
        }
        // The way before (each month read back whole, then searched), for the record: 3 runs.
        for _ in 0..<3 {
            let start = Monotonic.now()
            var hits: [SearchHit] = []
            for number in 1...12 {
                let month = BudgetMonth(year: 2026, month: number)
                if case let .budget(details)? = store.month(month, scope: scope)?.value { hits += SearchHit.hits("dentiste", in: details, month: month) }
            }
            samples.add("search", "the months read back whole and searched (before), « dentiste »", "ms", Monotonic.milliseconds(from: start))
        }
    }

    /// The synthetic month's rows for `month`, with ids of their own, and one « Dentiste » visit
    /// in every 5 000 rows.
    static func details(of month: BudgetMonth, transactions: Int) -> BudgetDetails {
        let base = SyntheticMonth.details(transactions: transactions)
        var budget = base.budget
        budget.id = "budget-\(month)"
        budget.month = month.month
        budget.year = month.year
        let lines = base.budgetLines.map { line -> BudgetLine in
            var line = line
            line.id = "\(month)-\(line.id)"
            line.budgetId = budget.id
            return line
        }
        let rows = base.transactions.enumerated().map { index, transaction -> Transaction in
            var row = transaction
            row.id = "\(month)-\(transaction.id)"
            row.budgetId = budget.id
            row.budgetLineId = transaction.budgetLineId.map { "\(month)-\($0)" }
            if index % 5_000 == 17 { row.name = "Dentiste Dr Favre" }
            return row
        }
        return BudgetDetails(budget: budget, transactions: rows, budgetLines: lines)
    }
}
