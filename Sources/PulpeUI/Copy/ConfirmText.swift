import PulpeCore
import PulpeDomain

/// The questions of the yes/no overlay.
enum ConfirmText {
    static func lines(_ question: Confirmation, currency: Currency) -> [String] {
        switch question {
        case let .quitWithPending(count, onlyExpenses):
            let noun = PendingText.noun(count, onlyExpenses: onlyExpenses)
            if count == 1 { return ["1 \(noun) pas encore envoyée — quitter quand même ?", "(elle partira au prochain lancement)"] }
            return ["\(count) \(noun) pas encore envoyées — quitter quand même ?", "(elles partiront au prochain lancement)"]
        case let .deleteSent(expense):
            let amount = MoneyFormatter.format(expense.draft.amount, currency: currency)
            return ["Supprimer « \(expense.draft.name) » (\(amount)) ?", "Elle est déjà enregistrée sur Pulpe."]
        case let .deletePending(expense):
            let amount = MoneyFormatter.format(expense.draft.amount, currency: currency)
            return ["Supprimer « \(expense.draft.name) » (\(amount)) ?", "Elle ne sera pas envoyée."]
        case let .checkLineTransactions(_, name, count):
            let them = count == 1 ? "sa transaction" : "ses \(count) transactions"
            return ["Pointer aussi \(them) ?", "« \(name) » — n : la prévision seule"]
        case let .reconcileToCheck(count):
            let items = count == 1 ? "1 élément n’est pas pointé" : "\(count) éléments ne sont pas pointés"
            return ["\(items) : les voir d’abord ?", "Le rapprochement ne compte que le pointé — n : rapprocher quand même"]
        case let .dropChange(change):
            return ["Abandonner « \(change.text(currency: currency)) » ?", "Elle ne sera pas envoyée."]
        }
    }
}
