import Foundation

/// French month names as Pulpe writes them (§12). Out-of-range months wrap (13 → Janvier).
public enum FrenchMonths {
    /// Capitalised full names, January first.
    public static let names = [
        "Janvier", "Février", "Mars", "Avril", "Mai", "Juin",
        "Juillet", "Août", "Septembre", "Octobre", "Novembre", "Décembre",
    ]

    /// Short names for the year grid, exactly as specified.
    public static let shortNames = [
        "Janv.", "Févr.", "Mars", "Avr.", "Mai", "Juin",
        "Juil.", "Août", "Sept.", "Oct.", "Nov.", "Déc.",
    ]

    /// `Novembre`.
    public static func name(_ month: Int) -> String { names[index(month)] }

    /// `novembre` — for running text (« Disponible novembre : … »).
    public static func lowercaseName(_ month: Int) -> String { name(month).lowercased() }

    /// `Nov.`
    public static func shortName(_ month: Int) -> String { shortNames[index(month)] }

    /// `Novembre 2026`.
    public static func title(_ month: BudgetMonth) -> String { "\(name(month.month)) \(month.year)" }

    /// « de Novembre 2026 », « d’Avril 2027 »: the elision before Avril, Août and Octobre.
    public static func ofTitle(_ month: BudgetMonth) -> String { of(title(month)) }

    /// « de » or « d’ » before a month's title.
    public static func of(_ title: String) -> String {
        "AÂOÉEIU".contains(title.first ?? " ") ? "d’\(title)" : "de \(title)"
    }

    private static func index(_ month: Int) -> Int { CalendarDay.floorMod(month - 1, 12) }
}
