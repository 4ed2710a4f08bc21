import PulpeDomain

/// A refusal in the words the pending list, the status line and the shell use (decision 87):
/// the sync and the outbox only say which reason it is.
extension RefusalReason {
    public var text: String {
        switch self {
        case .gone: "n'existe plus"
        case .budgetGone: "Le budget de ce mois n’existe plus"
        case .lineGone: "La prévision n’existe plus dans ce mois"
        case let .dependsOn(label): "dépend de « \(label) », refusé"
        case .unreadable: "illisible sur le disque"
        case .tagGone: "un de ses tags n’existe plus"
        case .idTaken: "son identifiant appartient déjà à un autre compte"
        case let .postpone(refusal): refusal.text
        case let .server(words): words
        }
    }
}

extension PostponeRefusal {
    /// Why the item stays in its month (the server's 409 of §15.3).
    public var text: String {
        switch self {
        case .alreadyChecked: "déjà pointée"
        case .allocated: "liée à une prévision"
        case .notPostponable: "prévision fixe (elle revient chaque mois)"
        case .hasTransactions: "elle a des transactions"
        case .nextMonthMissing: "le mois suivant n’a pas de budget — crée-le d’abord"
        }
    }
}
