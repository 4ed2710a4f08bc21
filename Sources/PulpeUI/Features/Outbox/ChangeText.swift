import Foundation
import PulpeCore
import PulpeDomain

/// What an operation waiting in the outbox does, as the pending list and `pulpe sync` say it:
/// « Pointer Loyer », « Modifier Migros : 45.00 → 54.00 CHF », « Supprimer Café ».
extension PendingChange {
    public func text(currency: Currency = .chf) -> String {
        func money(_ amount: Decimal) -> String { MoneyFormatter.format(amount, currency: currency) }
        func amountChange(_ amount: Decimal?) -> String {
            guard let amount else { return "" }
            return " : " + (previousAmount.map { MoneyFormatter.number($0, currency: currency) + " → " } ?? "") + money(amount)
        }
        switch operation {
        case let .createTransaction(new): return "Ajouter \(new.name) : \(money(new.amount))"
        case let .patchTransaction(_, changes):
            let renamed = changes.name.map { " → « \($0) »" } ?? ""
            return "Modifier \(label)\(renamed)\(amountChange(changes.amount))"
        case .deleteTransaction: return "Supprimer \(label)"
        case let .setTransactionChecked(_, checked, _): return (checked ? "Pointer " : "Dépointer ") + label
        case let .createBudgetLine(new): return "Nouvelle prévision \(new.name) : \(money(new.amount))"
        case let .patchBudgetLine(_, changes):
            let renamed = changes.name.map { " → « \($0) »" } ?? ""
            let kind = changes.kind.map { " → \(Self.kindWord($0))" } ?? ""
            let recurrence = changes.recurrence.map { $0 == .fixed ? " → fixe" : " → ponctuelle" } ?? ""
            return "Modifier la prévision \(label)\(renamed)\(amountChange(changes.amount))\(kind)\(recurrence)"
        case .deleteBudgetLine: return "Supprimer la prévision \(label)"
        case let .setBudgetLineChecked(_, checked, withTransactions, _):
            return (checked ? "Pointer la prévision " : "Dépointer la prévision ") + label
                + (checked && withTransactions ? " et ses transactions" : "")
        case .resetBudgetLine: return "Rétablir la prévision \(label) selon le modèle"
        case let .createBudget(month, _, _): return "Créer le budget \(FrenchMonths.ofTitle(month))"
        case let .generateBudgets(_, from, count, _):
            return "Planifier \(count) mois depuis \(FrenchMonths.title(from))" + (label.isEmpty ? "" : " (modèle « \(label) »)")
        case .postponeTransaction: return "Reporter \(label) au mois suivant"
        case .postponeBudgetLine: return "Reporter la prévision \(label) au mois suivant"
        case let .createTag(name): return "Créer le tag « \(name) »"
        case let .renameTag(_, name): return "Renommer le tag « \(label) » en « \(name) »"
        case .deleteTag: return "Supprimer le tag « \(label) »"
        case let .createTemplate(name): return "Créer le modèle « \(name) »"
        case let .patchTemplate(_, changes):
            if let name = changes.name { return "Renommer le modèle « \(label) » en « \(name) »" }
            return "Modèle par défaut : « \(label) »"
        case .deleteTemplate: return "Supprimer le modèle « \(label) »"
        case let .updateSettings(change): return Self.settingsWords(change)
        case let .savingsWithdrawal(plan):
            return "Piocher \(money(plan.amount)) dans ton épargne (« \(plan.incomeName) », remis en \(FrenchMonths.title(plan.month.next)))"
        case let .deleteSavingsWithdrawal(_, repaymentOnly, _):
            return repaymentOnly ? "Ne pas remettre sur ton épargne : \(label)" : "Annuler le retrait sur ton épargne : \(label)"
        case let .spread(plan):
            let each = plan.perMonth ? "\(money(plan.amount)) par mois" : "\(money(plan.amount)) en tout"
            return "Lisser \(plan.name) sur \(plan.months.count) mois : \(each)"
        case let .editTemplateLines(_, batch, propagate, _):
            let amount = batch.count == 1 ? amountChange(batch.update.first?.amount ?? batch.create.first?.amount) : ""
            let what = batch.count == 1 ? (batch.delete.isEmpty ? (batch.create.isEmpty ? "Modifier" : "Ajouter") : "Supprimer")
                : "\(batch.count) changements :"
            return "\(what) \(label)\(amount)" + (propagate ? " (et les mois à venir)" : "")
        }
    }
}

extension PendingChange {
    /// A kind as the pending list names it.
    public static func kindWord(_ kind: TransactionKind) -> String {
        switch kind {
        case .expense: "dépense"
        case .income: "revenu"
        case .saving: "épargne"
        }
    }
}

extension PendingChange {
    /// A settings change as the pending list says it: « Jour de paie : le 10 », « Devise : EUR ».
    public static func settingsWords(_ change: SettingsChange) -> String {
        var parts: [String] = []
        if let payDay = change.payDay { parts.append("Jour de paie : " + (payDay.map { "le \($0)" } ?? "mois civils")) }
        if let currency = change.currency { parts.append("Devise : \(currency.rawValue)") }
        if let shown = change.showCurrencySelector { parts.append("Choix de la devise : " + (shown ? "affiché" : "masqué")) }
        return parts.isEmpty ? "Réglages" : parts.joined(separator: " · ")
    }
}
