import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import PulpeUI

/// How many keys each daily gesture takes from the month on screen (decision 47), counted by
/// driving the real key table and core on the synthetic month until the gesture is stored in the
/// outbox — so a binding or a form that grows a step shows here. A gesture that never reaches
/// the outbox is a failure, not a figure.
enum KeystrokeProbe {
    /// One gesture: its name in the report and its keys, from the month with nothing selected.
    struct Script {
        let name: String
        let keys: [Key]
        /// The key shown before `keys` run (the delete that `u` then takes back), not counted.
        var before: [Key] = []
        /// What must be stored at the last key (`OutboxCommand.description`'s prefix).
        let stores: String
    }

    static func typed(_ text: String) -> [Key] { text.map { Key.char($0) } }

    /// The gestures, on the synthetic month: « Épicerie » is its fourth prévision (↓ three times).
    static let scripts: [Script] = [
        Script(name: "pointer une transaction (Entrée x)", keys: [.enter, .char("x")], stores: "storeChange(transaction"),
        Script(name: "modifier son montant (Entrée Entrée ^U 45.50 Entrée)",
               keys: [.enter, .enter, .ctrl("u")] + typed("45.50") + [.enter], stores: "storeChange(transaction"),
        Script(name: "supprimer (Entrée d)", keys: [.enter, .char("d")], stores: "storeChange(transaction"),
        Script(name: "annuler la suppression (u)", keys: [.char("u")], before: [.enter, .char("d")], stores: "cancelChange(transaction"),
        Script(name: "dépense sur « Épicerie » (a 12.50 Tab Café Tab épi Entrée)",
               keys: [.char("a")] + typed("12.50") + [.tab] + typed("Café") + [.tab] + typed("épi") + [.enter],
               stores: "storeChange(transaction"),
        Script(name: "pointer « Épicerie » et ses transactions (Entrée Tab ↓↓↓ x o)",
               keys: [.enter, .tab, .down, .down, .down, .char("x"), .char("o")], stores: "storeChange(budgetLine"),
    ]

    static func measure(transactions: Int, into samples: inout SampleSet) throws {
        let details = SyntheticMonth.details(transactions: min(transactions, 1_000))
        for script in scripts {
            var state = SyntheticMonth.homeState(details, size: Size(width: 120, height: 40))
            for key in script.before { _ = Core.update(&state, KeyTable.message(for: key, in: state)) }
            var stored = false
            for (index, key) in script.keys.enumerated() {
                let effects = Core.update(&state, KeyTable.message(for: key, in: state))
                let storesNow = effects.contains { $0.description.hasPrefix(script.stores) }
                if storesNow, index != script.keys.count - 1 {
                    throw ProbeError("« \(script.name) » stored at key \(index + 1) of \(script.keys.count)")
                }
                stored = stored || storesNow
            }
            guard stored else { throw ProbeError("« \(script.name) » stored nothing (wanted \(script.stores)…)") }
            samples.add("keys", "keys for a gesture: \(script.name)", "keys", Double(script.keys.count))
        }
    }

    struct ProbeError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
