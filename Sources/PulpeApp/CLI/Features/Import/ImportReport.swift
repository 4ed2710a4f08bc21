import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeImport
import PulpeServices

/// The plan as a table or JSON.
enum ImportReport {
    static func status(_ entry: ImportPlan.Entry) -> String {
        switch entry.skip {
        case nil: "new"
        case .alreadyInPulpe?: "already"
        case .otherCurrency?: "other-currency"
        case .noBudget?: "no-budget"
        case .waiting?: "waiting"
        case .rule?: "skipped-by-rule"
        }
    }

    static func table(_ plan: ImportPlan, currency: Currency) -> [String] {
        var table = TextTable([.left, .left, .right, .left])
        for entry in plan.entries {
            let operation = entry.candidate.operation
            let note: String = switch entry.skip {
            case nil: (entry.line.map { "→ \($0), pointée" } ?? "nouvelle, libre")
                + (entry.draft.map { $0.name == operation.name ? "" : " · « \($0.name) »" } ?? "")
                + (entry.draft.map { $0.tagIds.isEmpty ? "" : " · \($0.tagIds.count) tag\($0.tagIds.count == 1 ? "" : "s")" } ?? "")
            case let .alreadyInPulpe(name)?: "déjà dans Pulpe (\(name))"
            case let .otherCurrency(code)?: "\(code) : autre monnaie, ignorée"
            case let .noBudget(month)?: "pas de budget \(FrenchMonths.ofTitle(month))"
            case .waiting?: "déjà en attente"
            case let .rule(pattern)?: "ignorée (règle « \(pattern) »)"
            }
            table.add([DateFormatting.compactDate(operation.date), operation.name,
                       MoneyFormatter.signed(operation.amount, kind: operation.kind, currency: currency), note])
        }
        let count = plan.toStore.count
        return table.lines + ["\(count) à importer sur \(plan.entries.count)"]
    }

    /// `[{date, name, label, amount, kind, status, id, line, reference, currency}]`, amounts exact:
    /// `name` is the one it takes in Pulpe (a rule's), `label` the statement's.
    static func json(_ plan: ImportPlan) -> String {
        FlatJSON.array(plan.entries.map { entry in
            let operation = entry.candidate.operation
            return [("date", .string(operation.date.description)), ("name", .string(entry.draft?.name ?? operation.name)),
                    ("label", .string(operation.name)),
                    ("amount", .string("\(operation.amount)")), ("kind", .string(operation.kind.rawValue)),
                    ("status", .string(status(entry))), ("id", .string(entry.candidate.clientId)),
                    ("line", entry.line.map { .string($0) } ?? .null),
                    ("reference", operation.reference.map { .string($0) } ?? .null), ("currency", .string(operation.currency))]
        })
    }
}
