import PulpeDomain

/// A query that does not read (issue 61), in French for the `/` filter: where, and how it is
/// written (`docs/query.md`). The shell says it in English (`QueryError.description`).
enum QueryErrorText {
    static func sentence(_ error: QueryError) -> String {
        "Requête illisible, colonne \(error.column) : " + why(error.reason)
    }

    static func why(_ reason: QueryError.Reason) -> String {
        switch reason {
        case let .unknownField(name): "« \(name): » n’est pas un champ (desc line tag kind amt date month checked pending)"
        case let .emptyValue(field): "« \(field): » attend une valeur"
        case .badAmount: "un montant s’écrit 20, 12.50, >20, <=5 ou 20..50"
        case .badPeriod: "une période s’écrit 2026, 2026-03, 2026-03-05, 2026-01..2026-06 ou thismonth"
        case .daysInMonth: "month: prend des mois ou des années — les jours vont avec date:"
        case .badKind: "kind: expense, income ou saving"
        case .badYesNo: "oui ou non"
        case .danglingOr: "« or » va entre deux conditions"
        case .danglingNot: "« not: » va devant une condition"
        case .unclosedQuote: "un guillemet n’est pas fermé"
        }
    }
}
