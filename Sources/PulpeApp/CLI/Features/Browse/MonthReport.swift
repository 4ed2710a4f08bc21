import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// How `pulpe month` words a month, apart from the command so tests can feed it a month directly.
enum MonthReport {
    static func model(_ shown: ShownMonth) -> MonthPanelModel {
        let data: MonthPanelData
        switch shown.content {
        case let .budget(details): data = .loaded(details)
        case .noBudget: data = .noBudget
        }
        var model = MonthPanelModel(month: shown.month, payDay: shown.settings.payDayOfMonth, currency: shown.settings.currency,
                                    timeZone: .system, data: data, pendingStates: shown.pendingStates, today: shown.today)
        if case let .budget(details) = shown.content {
            model.trajectory = BalanceTrajectory.of(details, month: shown.month, today: shown.today, payDay: shown.settings.payDayOfMonth,
                                                    timeZone: .system)
        }
        return model
    }

    static func table(_ shown: ShownMonth, now: Date) -> [String] {
        let model = model(shown)
        let currency = model.currency
        var lines = [[model.title, model.periodText].compactMap { $0 }.joined(separator: " · ")]
        if shown.isStale {
            lines.append("Données du \(DateFormatting.stamp(shown.fetchedAt, now: now, in: model.timeZone)) (serveur injoignable)")
        }
        guard let details = model.details else {
            lines.append("Pas de budget pour ce mois")
            return lines
        }
        let totals = details.totals
        lines.append("Disponible à dépenser  \(MoneyFormatter.format(totals.remaining, currency: currency))  · \(HealthStyle.badge(totals.health))")
        var figures = TextTable([.left, .right])
        figures.add(["Revenus", MoneyFormatter.format(totals.totalIncome, currency: currency)])
        figures.add(["Dépenses", MoneyFormatter.format(totals.totalExpenses, currency: currency)])
        figures.add(["Report", MoneyFormatter.signed(totals.rollover, currency: currency)])
        figures.add(["dont épargne", MoneyFormatter.format(totals.totalSavings, currency: currency)])
        lines += figures.lines
        let ordered = BudgetLinesView.ordered(details)
        if !ordered.isEmpty {
            lines.append("")
            var table = TextTable([.left, .left, .right, .right, .right])
            table.add(["Prévisions", "", "Prévu", "Utilisé", "Dépassement"])
            for (line, consumption) in ordered {
                let group = BudgetLinesView.groups.first { $0.kind == line.kind }?.label ?? ""
                table.add([group, line.name, MoneyFormatter.number(consumption.planned, currency: currency),
                           MoneyFormatter.number(consumption.consumed, currency: currency),
                           consumption.isOver ? "+" + MoneyFormatter.number(consumption.overage, currency: currency) : ""])
            }
            lines += table.lines
        }
        lines.append("")
        let transactions = details.transactions
        guard !transactions.isEmpty else {
            lines.append("Aucune transaction")
            return lines
        }
        let names = details.lineNames
        var table = TextTable([.left, .left, .left, .left, .right, .left])
        table.add(["Date", "", "Transaction", "Prévision", "Montant", ""])
        for transaction in transactions {
            let state: String
            switch model.pendingStates[transaction.id] {
            case .pending?, .sending?: state = "en attente"
            case .refused?: state = "refusée"
            case .sent?, nil: state = ""
            }
            table.add([DateFormatting.compactDate(transaction.day(in: model.timeZone)), transaction.isChecked ? "✓" : "",
                       transaction.name, transaction.budgetLineId.flatMap { names[$0] } ?? "",
                       MoneyFormatter.signed(transaction.amount, kind: transaction.kind, currency: currency), state])
        }
        lines += table.lines
        return lines
    }

    static func json(_ shown: ShownMonth, tags: [Tag] = []) -> String {
        let tagNames = Dictionary(tags.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        /// A tag created offline is named by its provisional id; one the catalogue lacks is left out.
        func tagged(_ ids: [String]) -> [String] { ids.compactMap { tagNames[$0] ?? ProvisionalTag.name(ofId: $0) } }
        let model = model(shown)
        var object: [String: Any] = [
            "month": PanelJSON.month((shown.month.year, shown.month.month)),
            "title": model.title,
            "currency": model.currency.rawValue,
            "fetchedAt": ISO8601DateFormatter().string(from: shown.fetchedAt),
            "stale": shown.isStale,
            "budget": model.details != nil,
        ]
        object["period"] = model.period.map { ["start": $0.start.description, "end": $0.end.description] } ?? NSNull()
        guard let details = model.details else { return PanelJSON.text(object) }
        let totals = details.totals
        object["remaining"] = PanelJSON.amount(totals.remaining)
        object["available"] = PanelJSON.amount(totals.available)
        object["income"] = PanelJSON.amount(totals.totalIncome)
        object["expenses"] = PanelJSON.amount(totals.totalExpenses)
        object["savings"] = PanelJSON.amount(totals.totalSavings)
        object["rollover"] = PanelJSON.amount(totals.rollover)
        object["health"] = totals.health.rawValue
        // The month at a glance (§14.6), from the same code as the panel.
        if let glance = model.glance {
            object["realized"] = PanelJSON.amount(glance.realized)
            object["perDay"] = glance.perDay.map(PanelJSON.amount) ?? NSNull()
            object["daysLeft"] = glance.daysLeft.map { $0 as Any } ?? NSNull()
            object["drift"] = glance.drift.map { ["name": $0.name, "overrun": PanelJSON.amount($0.overrun)] as [String: Any] }
        }
        // Where the period lands day by day (issue 63): the plan on day 0, the « Disponible » today.
        object["trajectory"] = model.trajectory.map { trajectory -> [String: Any] in
            ["today": trajectory.today, "totalDays": trajectory.totalDays, "planned": PanelJSON.amount(trajectory.planned),
             "estimated": PanelJSON.amount(trajectory.estimated), "drift": PanelJSON.amount(trajectory.drift),
             "driftDay": trajectory.driftDay.map { $0.description as Any } ?? NSNull(),
             "landing": trajectory.landing.map { PanelJSON.amount($0.balance) }]
        } ?? NSNull()
        object["lines"] = BudgetLinesView.ordered(details).map { line, consumption -> [String: Any] in
            ["id": line.id, "name": line.name, "kind": line.kind.rawValue, "checked": line.isChecked, "tags": tagged(line.tagIds),
             "savingsGoalId": line.savingsGoalId ?? NSNull(), "planned": PanelJSON.amount(consumption.planned),
             "consumed": PanelJSON.amount(consumption.consumed), "overage": PanelJSON.amount(consumption.overage)]
        }
        let names = details.lineNames
        object["transactions"] = details.transactions.map { transaction -> [String: Any] in
            var row: [String: Any] = [
                "id": transaction.id, "name": transaction.name, "kind": transaction.kind.rawValue,
                "amount": PanelJSON.amount(transaction.amount), "checked": transaction.isChecked,
                "date": transaction.day(in: model.timeZone).description, "tags": tagged(transaction.tagIds),
            ]
            row["line"] = transaction.budgetLineId.flatMap { names[$0] } ?? NSNull()
            switch model.pendingStates[transaction.id] {
            case .pending?, .sending?:
                row["state"] = "pending"
                row["pending"] = "queued"
            case .refused?:
                row["state"] = "refused"
                row["pending"] = "refused"
            case .sent?, nil:
                row["state"] = "sent"
                row["pending"] = NSNull()
            }
            return row
        }
        return PanelJSON.text(object)
    }
}
