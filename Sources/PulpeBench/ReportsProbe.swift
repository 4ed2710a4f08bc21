import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import PulpeTestSupport
import PulpeUI

/// « Rapports » (`V`, issue 61) on 120 months of 500 transactions: the replica's read turned into
/// the screen's figures once (timed apart), then each key — more or fewer months, the next axis,
/// a row down — from `update` to the diffed frame, as `RenderProbe` times the month's keys.
enum ReportsProbe {
    static func measure(strokes: Int, into samples: inout SampleSet) {
        let template = SyntheticMonth.details(transactions: 500)
        let months = (0..<120).map { offset -> BudgetDetails in
            let month = SyntheticMonth.month.advanced(by: offset - 119)
            var budget = template.budget
            budget.id = "budget-\(month)"
            budget.year = month.year
            budget.month = month.month
            let lines = template.budgetLines.map { line in
                var line = line
                line.budgetId = budget.id
                return line
            }
            let rows = template.transactions.map { transaction in
                var transaction = transaction
                transaction.id = "\(month)-\(transaction.id)"
                transaction.budgetId = budget.id
                return transaction
            }
            return BudgetDetails(budget: budget, transactions: rows, budgetLines: lines)
        }
        let context = ViewContext(capabilities: Capabilities(unicode: true, colorDepth: .ansi256, reducedMotion: true),
                                  animations: AnimationLibrary(animations: [:]), timeZone: SyntheticMonth.timeZone)
        var state = SyntheticMonth.homeState(template, size: Size(width: 120, height: 40))
        _ = Core.update(&state, .action(.reports(.open)))
        let read = Monotonic.now()
        _ = Core.update(&state, .budgets(.accountRead(months, nil, at: .seconds(10))))
        samples.add("render", "« Rapports » figures from 120 months (60 000 rows), once on open", "ms", Monotonic.milliseconds(from: read))
        var previous = RootView.render(state, now: .seconds(10), context: context).buffer
        let keys: [ReportsScreen.Action] = [.widen, .widen, .widen, .nextAxis, .moveDown, .narrow, .nextAxis, .nextAxis, .narrow, .narrow]
        for index in 0..<strokes {
            let start = Monotonic.now()
            _ = Core.update(&state, .action(.reports(keys[index % keys.count])))
            let frame = RootView.render(state, now: .seconds(10), context: context)
            _ = frame.buffer.presentationPlan(after: previous)
            samples.add("render", "key → painted, « Rapports », 120 months, 120×40", "ms", Monotonic.milliseconds(from: start))
            previous = frame.buffer
        }
    }
}
