import PulpeDomain

/// Which entry of a scope a row holds: the `(kind, key)` columns of the `cacheEntry` table.
///
/// One key-value table with typed accessors on top keeps the schema stable while the cached
/// payloads (the domain's own JSON) evolve with the domain.
enum CacheKey: Sendable, Hashable, CustomStringConvertible {
    case settings
    case month(BudgetMonth)
    case year(Int)
    /// The templates with their lines (a month created offline is made from them).
    case templates
    /// When the whole account was last read (`GET /budgets/export`) and how many months it held.
    case replica
    /// The account's tags (`GET /tags`), read with the replica.
    case tags
    /// The account's savings goals (`GET /savings-goals`), read with the replica.
    case savingsGoals
    /// The rules `pulpe import` and the TUI's review apply (decision 90): statement labels, so sealed
    /// like every other name of the account.
    case importRules
    /// The period whose « Bilan du mois » was last shown or dismissed (decision 122).
    case recapSeen

    /// The `kind` column.
    var kind: String {
        switch self {
        case .settings: "settings"
        case .month: "month"
        case .year: "year"
        case .templates: "templates"
        case .replica: "replica"
        case .tags: "tags"
        case .savingsGoals: "savingsGoals"
        case .importRules: "importRules"
        case .recapSeen: "recapSeen"
        }
    }

    /// The `key` column: `""`, `YYYY-MM` or the year's digits.
    var key: String {
        switch self {
        case .settings: ""
        case .month(let month): month.description
        case .year(let year): String(year)
        case .templates, .replica, .tags, .savingsGoals, .importRules, .recapSeen: ""
        }
    }

    /// The month a `month` row's `key` column names (`YYYY-MM`), nil when it names none.
    static func month(ofKey key: String) -> BudgetMonth? {
        let parts = key.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month),
              (1...9999).contains(year) else { return nil }
        return BudgetMonth(year: year, month: month)
    }

    /// For log lines: names the entry, never its content.
    var description: String {
        switch self {
        case .settings: "settings"
        case .month(let month): "month \(month)"
        case .year(let year): "year \(year)"
        case .templates: "templates"
        case .replica: "replica"
        case .tags: "tags"
        case .savingsGoals: "savings goals"
        case .importRules: "import rules"
        case .recapSeen: "recap seen"
        }
    }
}
