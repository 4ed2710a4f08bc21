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
            var state = SyntheticMonth.homeState(details, size: Size(width: size.columns, height: size.rows))
            scroll(&state, label: "\(size.columns)×\(size.rows)", strokes: strokes, countsRuns: true, context: context,
                   into: &samples) { $0 % 10 == 9 ? .browse(.pageDown) : .browse(.moveDown) }
        }
        // The same with a `/` filter active (« café », one row in eight matches): the core filtered
        // the month once, on the keystrokes; frames draw the kept rows.
        var filtered = SyntheticMonth.homeState(details, size: Size(width: 120, height: 40))
        _ = Core.update(&filtered, .action(.browse(.startFilter)))
        for character in "café" { _ = Core.update(&filtered, .text(.insert(character))) }
        _ = Core.update(&filtered, .action(.browse(.endFilter)))
        scroll(&filtered, label: "120×40, filter « café »", strokes: strokes, countsRuns: false, context: context,
               into: &samples) { _ in .browse(.moveDown) }
        gestures(details, strokes: strokes, context: context, into: &samples)
    }

    /// The daily gestures on a selected row (decision 48): `x` (check off) and `d` (delete), each timed
    /// from the key to the diffed frame — the row redrawn ✓ or gone, the totals moved. Between two
    /// strokes the outbox answers empty, so each starts from the same month.
    private static func gestures(_ details: BudgetDetails, strokes: Int, context: ViewContext, into samples: inout SampleSet) {
        var state = SyntheticMonth.homeState(details, size: Size(width: 120, height: 40))
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
