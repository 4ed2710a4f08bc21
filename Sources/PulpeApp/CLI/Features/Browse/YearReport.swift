import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// How `pulpe year` words a year, through the panel's own model.
enum YearReport {
    static func model(_ shown: ShownYear) -> YearPanelModel {
        YearPanelModel(year: shown.year, currentMonth: shown.currentMonth, currency: shown.settings.currency,
                       data: .loaded(shown.summaries))
    }

    static func table(_ shown: ShownYear, now: Date) -> [String] {
        let model = model(shown)
        let figures = model.figures
        var lines = [model.title]
        if shown.isStale {
            lines.append("Données du \(DateFormatting.stamp(shown.fetchedAt, now: now, in: .system)) (serveur injoignable)")
        }
        var table = TextTable([.left, .right, .left])
        table.add(["Mois", "Reste (\(model.currency.rawValue))", ""])
        for month in 1...12 {
            let amount = figures.remainingByMonth[month].map { MoneyFormatter.number($0, currency: model.currency) } ?? "—"
            let now = model.currentMonth == BudgetMonth(year: shown.year, month: month) ? "← ce mois" : ""
            table.add([FrenchMonths.title(BudgetMonth(year: shown.year, month: month)), amount, now])
        }
        lines += table.lines
        var closing = "Solde de fin d'année"
        if let month = figures.closingMonth { closing += " (fin \(FrenchMonths.lowercaseName(month)))" }
        lines.append("")
        lines.append(closing + "  " + (figures.closingBalance.map { MoneyFormatter.format($0, currency: model.currency) } ?? "—"))
        return lines
    }

    static func json(_ shown: ShownYear) -> String {
        let model = model(shown)
        let figures = model.figures
        // `budget`: the month has one (on the server, or made by what waits), even when its remaining
        // is not known yet (a month planned offline with no earlier month of the year known).
        let budgeted = Set(shown.summaries.compactMap(\.budgetMonth))
        let months: [[String: Any]] = (1...12).map { month in
            ["month": PanelJSON.month((shown.year, month)), "budget": budgeted.contains(BudgetMonth(year: shown.year, month: month)),
             "remaining": PanelJSON.amount(figures.remainingByMonth[month])]
        }
        var object: [String: Any] = [
            "year": shown.year, "currency": model.currency.rawValue, "months": months,
            "closingBalance": PanelJSON.amount(figures.closingBalance),
            "fetchedAt": ISO8601DateFormatter().string(from: shown.fetchedAt), "stale": shown.isStale,
        ]
        object["closingMonth"] = figures.closingMonth.map { PanelJSON.month((shown.year, $0)) } ?? NSNull()
        return PanelJSON.text(object)
    }
}
