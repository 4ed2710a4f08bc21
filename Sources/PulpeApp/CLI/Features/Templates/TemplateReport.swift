import Foundation
import PulpeCore
import PulpeDomain
import PulpeUI

/// How `pulpe template` prints: a table that reads in a terminal, or JSON for scripts.
enum TemplateReport {
    static func list(_ templates: [TemplatePreview]) -> String {
        guard !templates.isEmpty else { return "Aucun modèle" }
        var table = TextTable([.left, .right, .right])
        for preview in templates {
            table.add([(preview.template.isDefault == true ? "* " : "  ") + preview.template.name,
                       "\(preview.lines.count) ligne\(preview.lines.count == 1 ? "" : "s")",
                       MoneyFormatter.format(preview.plannedRemaining, currency: .chf)])
        }
        return (table.lines + ["* : modèle par défaut · dernière colonne : reste prévu (revenus − dépenses − épargne)"]).joined(separator: "\n")
    }

    static func lines(_ preview: TemplatePreview) -> String {
        var table = TextTable([.left, .left, .right, .left, .left])
        for line in preview.lines {
            table.add(["  " + line.name, PendingChange.kindWord(line.kind), MoneyFormatter.format(line.amount, currency: .chf),
                       line.recurrence == .oneOff ? "ponctuelle" : "fixe", String((line.id ?? "").prefix(8))])
        }
        let heading = "Modèle « \(preview.template.name) »" + (preview.template.isDefault == true ? " (par défaut)" : "")
        let footer = "Reste prévu : \(MoneyFormatter.format(preview.plannedRemaining, currency: .chf))"
        return ([heading] + (preview.lines.isEmpty ? ["  Aucune ligne"] : table.lines) + [footer]).joined(separator: "\n")
    }

    static func json(_ templates: [TemplatePreview], one: Bool = false) -> String {
        let rows: [[String: Any]] = templates.map { preview in
            ["id": preview.template.id, "name": preview.template.name, "isDefault": preview.template.isDefault == true,
             "plannedRemaining": "\(preview.plannedRemaining)",
             "lines": preview.lines.map { line in
                 ["id": line.id ?? NSNull(), "name": line.name, "amount": "\(line.amount)", "kind": line.kind.rawValue,
                  "recurrence": line.recurrence?.rawValue ?? NSNull()] as [String: Any]
             }]
        }
        let object: Any = one ? rows.first ?? [:] : rows
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// What `--propagate` will change, said before it is stored.
    static func propagation(_ months: [TemplatePropagation.Month]) -> String {
        guard !months.isEmpty else { return "Aucun mois à venir fait de ce modèle : seul le modèle change" }
        var table = TextTable([.left, .right, .left])
        for month in months {
            table.add(["  " + FrenchMonths.title(month.month), "\(month.lines) ligne\(month.lines == 1 ? "" : "s")",
                       month.adjusted > 0 ? "(\(month.adjusted) ajustée\(month.adjusted == 1 ? "" : "s") à la main : gardée\(month.adjusted == 1 ? "" : "s"))" : ""])
        }
        return (["Les mois à venir suivront (\(months.count) mois) :"] + table.lines).joined(separator: "\n")
    }
}
