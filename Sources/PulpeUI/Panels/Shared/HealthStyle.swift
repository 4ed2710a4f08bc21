import PulpeDomain
import PulpeTerminal

/// How a month's health (§10) looks: red in deficit, yellow when tight, green when fine — plus a
/// word, because without colour (`NO_COLOR`, monochrome) a role alone says nothing.
public enum HealthStyle {
    /// The colour role of « Disponible à dépenser » and of the badge.
    static func role(_ health: BudgetHealth) -> ColorRole {
        switch health {
        case .deficit: .negative
        case .tight: .warning
        case .comfortable: .positive
        }
    }

    /// The badge next to the remaining amount.
    public static func badge(_ health: BudgetHealth) -> String {
        switch health {
        case .deficit: "Dans le rouge"
        case .tight: "Budget serré"
        case .comfortable: "Tout roule"
        }
    }
}
