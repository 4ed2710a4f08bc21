import PulpeCore
import PulpeDomain

/// How a row of the outbox is marked in the month list and the pending list.
enum PendingMark {
    static func text(_ state: PendingExpense.State) -> String {
        switch state {
        case .pending: "en attente"
        case .sending: "envoi…"
        case .refused: "refusée"
        case .sent: "envoyée"
        }
    }
}
