import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// How `pulpe month --recap` words « Bilan du mois » (issue 63).
enum MonthRecapReport {
    static func table(_ shown: ShownMonth) -> [String] {
        let currency = shown.settings.currency
        guard case let .budget(details) = shown.content else { return ["Pas de budget pour \(FrenchMonths.title(shown.month))"] }
        let recap = MonthRecap(details, month: shown.month)
        var table = TextTable([.left, .right])
        table.add(["Revenus", MoneyFormatter.format(recap.income, currency: currency)])
        table.add(["Dépenses", MoneyFormatter.format(recap.expenses, currency: currency)])
        table.add(["Épargne", MoneyFormatter.format(recap.savings, currency: currency)])
        table.add(["Résultat du mois", MoneyFormatter.signed(recap.result, currency: currency)])
        table.add(["Reporté sur \(FrenchMonths.lowercaseName(shown.month.next.month))", MoneyFormatter.signed(recap.carried, currency: currency)])
        var lines = ["Bilan de \(FrenchMonths.lowercaseName(shown.month.month)) \(shown.month.year)"] + table.lines
        if recap.overruns.isEmpty {
            lines.append("Aucune prévision dépassée")
        } else {
            let names = recap.overruns.map { "\(ShellText.cell($0.name)) +\(MoneyFormatter.format($0.overrun, currency: currency))" }
            lines.append("Dépassé : " + names.joined(separator: ", "))
        }
        return lines
    }

    /// `{"month", "income", "expenses", "savings", "result", "carried", "overruns": [{"name", "overrun"}]}`.
    static func json(_ shown: ShownMonth) -> String {
        var object: [String: Any] = ["month": PanelJSON.month((shown.month.year, shown.month.month)), "budget": false]
        guard case let .budget(details) = shown.content else { return PanelJSON.text(object) }
        let recap = MonthRecap(details, month: shown.month)
        object["budget"] = true
        object["income"] = PanelJSON.amount(recap.income)
        object["expenses"] = PanelJSON.amount(recap.expenses)
        object["savings"] = PanelJSON.amount(recap.savings)
        object["result"] = PanelJSON.amount(recap.result)
        object["carried"] = PanelJSON.amount(recap.carried)
        object["overruns"] = recap.overruns.map { ["name": $0.name, "overrun": PanelJSON.amount($0.overrun)] as [String: Any] }
        return PanelJSON.text(object)
    }
}
