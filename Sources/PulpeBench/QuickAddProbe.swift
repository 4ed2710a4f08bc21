import Foundation
import PulpeCore
import PulpeDomain
import PulpeStore
import PulpeTerminal
import PulpeTestSupport
import PulpeUI

/// The write path inside the process, on a month of `transactions` rows (docs/product.md §2.8):
/// - keystrokes from `a` to saved for a typical expense, typed through the key table;
/// - Entrée → the expense painted in the list: the core's update, the outbox commit on a real file
///   (WAL, `synchronous = FULL`, fsync included), the stored message, the render and the diff —
///   everything the app does before the row is on screen, minus the terminal's own write;
/// - the outbox commit alone.
enum QuickAddProbe {
    static func measure(transactions: Int, runs: Int, into samples: inout SampleSet) throws {
        let details = SyntheticMonth.details(transactions: transactions)
        let context = ViewContext(capabilities: Capabilities(unicode: true, colorDepth: .ansi256, reducedMotion: true),
                                  animations: AnimationLibrary(animations: [:]), timeZone: SyntheticMonth.timeZone)
        let size = Size(width: 120, height: 40)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-bench-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = try OutboxStore.open(at: folder.appendingPathComponent("outbox.sqlite").path)
        let scope = CacheScope(serverKey: "bench", userId: "bench")
        var state = SyntheticMonth.homeState(details, size: size)
        var previous = RootView.render(state, now: .seconds(10), context: context).buffer

        for run in 0..<runs {
            // « 4.50 », Tab, « Café du Marché » completed from « Caf » with →, Entrée.
            let keys: [Key] = [.char("a")] + "4.50".map(Key.char) + [.tab] + "Caf".map(Key.char) + [.right, .enter]
            var effects: [Effect] = []
            var enterStart = Monotonic.now()
            for (index, key) in keys.enumerated() {
                if index == keys.count - 1 { enterStart = Monotonic.now() }
                effects = Core.update(&state, KeyTable.message(for: key, in: state))
            }
            if run == 0 { samples.add("quick-add", "keystrokes from a to saved (« 4.50 Café du Marché »)", "keys", Double(keys.count)) }
            guard let expense = state.home?.quickAdd?.storing,
                  effects.contains(where: { $0.description.hasPrefix("storeChange(transaction") }) else {
                throw ProbeError.notSaved("\(effects)")
            }
            let draft = expense.draft
            let transaction = NewTransaction(id: expense.id, budgetId: draft.budgetId, name: draft.name, amount: draft.amount,
                                             kind: draft.kind, transactionDate: Date(), checkedAt: Date())
            let commitStart = Monotonic.now()
            try outbox.enqueue(transaction, month: draft.month, scope: scope, at: Date())
            samples.add("quick-add", "outbox commit (WAL, synchronous FULL, fsync)", "ms", Monotonic.milliseconds(from: commitStart))
            _ = Core.update(&state, .outbox(.changeStored(id: expense.id)))
            let frame = RootView.render(state, now: .seconds(10), context: context)
            _ = frame.buffer.presentationPlan(after: previous)
            samples.add("quick-add", "Entrée → expense painted in the list (\(transactions) rows, 120×40)", "ms",
                        Monotonic.milliseconds(from: enterStart))
            guard frame.buffer.textLines().contains(where: { $0.contains("en attente") }) else { throw ProbeError.notPainted }
            previous = frame.buffer
        }
    }

    enum ProbeError: Error {
        case notSaved(String)
        case notPainted
    }
}
