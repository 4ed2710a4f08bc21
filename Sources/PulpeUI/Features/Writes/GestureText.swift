import PulpeCore
import PulpeDomain

/// A gesture's toast: « Pointé : Migros — 45.00 CHF · u annuler ».
extension GestureNews {
    public var text: String {
        let what = amount.map { "\(name) — \(MoneyFormatter.format($0, currency: .chf))" } ?? name
        switch kind {
        case .checked: return "Pointé : \(what) · u annuler"
        case .unchecked: return "Dépointé : \(what) · u annuler"
        case .deleted where freedTransactions > 0:
            let free = freedTransactions == 1 ? "sa transaction devient libre" : "ses \(freedTransactions) transactions deviennent libres"
            return "Supprimé : \(what) — \(free) · u annuler"
        case .deleted: return "Supprimé : \(what) · u annuler"
        case let .item(write): return write.toast(name: name, what: what)
        case .edited: return "Modifié : \(what) · u annuler"
        case .added: return "Ajouté : \(what) · u annuler"
        case .reconciled: return "Ajustement enregistré : \(what) (\(transactionKind == .income ? "revenu" : "dépense")) · u annuler"
        case .budgetRequested: return "Budget \(FrenchMonths.of(name)) demandé depuis « \(template ?? "") » · u annuler"
        case .undone: return "Annulé : \(what)"
        case .tooLate: return "Trop tard : \(name) est déjà supprimé"
        case .alreadySent: return "Trop tard : \(name) est déjà envoyé au serveur"
        case .planned:
            let kept = skipped.map { FrenchMonths.title($0) }.joined(separator: ", ")
            let skippedText = skipped.isEmpty ? "" : skipped.count == 1 ? " (\(kept) existe déjà : gardé)" : " (\(kept) existent déjà : gardés)"
            return "\(months) mois planifiés à partir \(FrenchMonths.of(name)) avec « \(template ?? "") »\(skippedText) · u annuler"
        case .tooLateToMoveBack: return "Trop tard : \(name) est déjà reporté au mois suivant"
        case .alreadyCreated: return "Trop tard : le budget \(FrenchMonths.of(name)) est déjà créé"
        case .creationInUse: return "Le budget \(FrenchMonths.of(name)) a des écritures en attente : annule-les d’abord"
        case .nothingToUndo: return "Rien à annuler"
        case let .refused(refusal): return refusal.text
        }
    }
}

/// Why a write stored nothing, in the TUI's words (the shell words it in `ChangeVerb`).
extension WriteRefusal {
    public var text: String {
        switch self {
        case let .noBudget(month): "Pas de budget pour \(FrenchMonths.title(month)) : rien n’est enregistré"
        case let .unknown(target, _), let .ambiguous(target, _): "Introuvable dans ce mois : « \(target) » — actualise (r)"
        case let .nothingToChange(name): "Rien à modifier : \(name)"
        case let .monthExists(month): "Le budget \(FrenchMonths.ofTitle(month)) existe déjà"
        case .templatesUnknown: "Modèles inconnus : le serveur ne répond pas — Réessaie"
        case let .monthsOutOfRange(count): "\(count) mois : de 1 à 36 à la fois"
        case let .unknownTemplate(name, _): "Modèle introuvable : « \(name) »"
        case let .asksAboutTransactions(_, name, count): "\(name) a \(count) transactions à pointer"
        case let .kindChangeWithTransactions(name, count):
            "\(name) garde son type : ses \(count) transaction\(count == 1 ? "" : "s") en dépendent — déplace-les d’abord"
        case let .itemStays(write, name, obstacle): write.stays(name, obstacle)
        case .upToDate: "À jour : tes comptes correspondent à Pulpe"
        case let .tagName(problem): problem.text
        case let .unknownTag(name, _): "Tag introuvable : « \(name) »"
        case let .tagExists(name): "Le tag « \(name) » existe déjà"
        case let .unknownGoal(name, _): "Objectif d’épargne introuvable : « \(name) »"
        case let .goalOnNonSaving(name): "\(name) n’est pas une épargne : pas d’objectif"
        case let .templateName(name): "Nom de modèle invalide : « \(name) » (1 à 100 caractères)"
        case let .templateExists(name): "Le modèle « \(name) » existe déjà"
        case .templateLimit: "5 modèles au plus : supprimes-en un d’abord"
        case let .templateLine(name): "Ligne invalide : « \(name) » — un nom (1 à 100 caractères) et un montant au-dessus de 0"
        case let .notAWithdrawal(name): "\(name) n’a pas été pris sur ton épargne"
        case let .cannotSpread(name, obstacle):
            switch obstacle {
            case .income: "\(name) : un revenu ne se lisse pas"
            case .notOneOff: "\(name) : seule une prévision ponctuelle, pas déjà lissée, se lisse"
            case .onPrevision: "\(name) : seule une transaction libre (sans prévision) se lisse"
            case let .months(count): "\(count) mois : de 2 à 36 (de 1 à 36 pour une nouvelle prévision)"
            case .notSpreadable: "\(name) : une ligne prise sur ton épargne (ou à 0) ne se lisse pas"
            case .monthWaits: "\(name) : le mois attend encore sa création — réessaie une fois envoyé"
            }
        }
    }
}
