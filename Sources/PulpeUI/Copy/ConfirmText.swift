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
        case let .deleteSent(entry):
            let amount = MoneyFormatter.format(entry.news.amount ?? 0, currency: currency)
            return ["Supprimer « \(entry.news.name) » (\(amount)) ?", "Elle est déjà enregistrée sur Pulpe."]
        case let .dropPending(.expense(expense)):
            let amount = MoneyFormatter.format(expense.draft.amount, currency: currency)
            return ["Supprimer « \(expense.draft.name) » (\(amount)) ?", "Elle ne sera pas envoyée."]
        case let .dropPending(.change(change)):
            return ["Abandonner « \(change.text(currency: currency)) » ?", "Elle ne sera pas envoyée."]
        case let .checkLineTransactions(_, name, count):
            let them = count == 1 ? "sa transaction" : "ses \(count) transactions"
            return ["Pointer aussi \(them) ?", "« \(name) » — n : la prévision seule"]
        case let .reconcileToCheck(count):
            let items = count == 1 ? "1 élément n’est pas pointé" : "\(count) éléments ne sont pas pointés"
            return ["\(items) : les voir d’abord ?", "Le rapprochement ne compte que le pointé — n : rapprocher quand même"]
        case let .signOut(count, onlyExpenses):
            let noun = PendingText.noun(count, onlyExpenses: onlyExpenses)
            let waiting = switch count {
            case 0: ["Rien en attente."]
            case 1: ["1 \(noun) en attente reste gardée pour ce compte", "et partira à ta prochaine connexion."]
            default: ["\(count) \(noun) en attente restent gardées pour ce compte", "et partiront à ta prochaine connexion."]
            }
            return ["Se déconnecter ?"] + waiting + ["Ensuite : un autre compte, ou la démo."]
        }
    }

    /// The keys that answer: « o Oui n Non », or the sign-out's own words (Entrée / Échap).
    static func answers(_ question: Confirmation) -> String {
        switch question {
        case .signOut: "Entrée  Se déconnecter     Échap  Rester"
        default: "o  Oui     n  Non"
        }
    }
}
