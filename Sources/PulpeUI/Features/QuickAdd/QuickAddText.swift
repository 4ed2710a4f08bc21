import Foundation
import PulpeCore
import PulpeDomain

/// Every word of the quick-add form (decision 28: the core keeps typed problems, the view says them).
enum QuickAddText {
    static let amount = "Montant"
    static let description = "Description"
    static let line = "Prévision"
    /// What the prévision field says while empty.
    static let noLine = "aucune (transaction libre)"

    /// What is left on the prévision the field completes to: « — reste 600.75 CHF ».
    static func lineLeft(_ left: Decimal, currency: Currency) -> String {
        "— reste \(MoneyFormatter.format(left, currency: currency))"
    }
    static let tags = "Tags"
    static let goal = "Objectif"
    /// What the goal field says while empty.
    static let noGoal = "aucun objectif d’épargne"
    /// What the tags field says while empty.
    static let noTags = "aucun (sépare-les par des virgules)"
    static func createTag(_ name: String) -> String { "Créer le tag « \(name) »" }
    static let kind = "Type"
    static let date = "Date"
    static let checked = "Pointé"
    static let recurrence = "Récurrence"
    /// A prévision carried into the months a template makes, or kept in its month.
    static let fixed = "fixe (chaque mois)"
    static let oneOff = "ponctuelle (ce mois)"
    static let storing = "Enregistrement…"
    static let discardQuestion = "Abandonner cette dépense ?"
    static let discardChoices = "o / Entrée oui · n / Échap non"
    static let yes = "oui"
    static let no = "non"

    /// The box's title follows the kind, so the user sees what Enter will add.
    static func title(_ kind: TransactionKind) -> String {
        switch kind {
        case .expense: "Nouvelle dépense"
        case .income: "Nouveau revenu"
        case .saving: "Nouvelle épargne"
        }
    }

    /// The title while a prévision is edited (`Entrée` on a selected prévision).
    static func editLineTitle(_ name: String) -> String { "Modifier la prévision « \(name) »" }
    static let newLineTitle = "Nouvelle prévision"
    static let lineName = "Nom"

    /// The title while a transaction the server has is edited (`Entrée` on a selected row).
    static func editTitle(_ name: String) -> String { "Modifier « \(name) »" }

    static func kindName(_ kind: TransactionKind) -> String {
        switch kind {
        case .expense: "dépense"
        case .income: "revenu"
        case .saving: "épargne"
        }
    }

    /// « aujourd'hui », « hier », « demain », or nothing for other days.
    static func relativeDay(_ day: CalendarDay, today: CalendarDay) -> String? {
        switch day.daysSinceEpoch - today.daysSinceEpoch {
        case 0: "aujourd'hui"
        case -1: "hier"
        case 1: "demain"
        default: nil
        }
    }

    /// Said beside the date when its budget is not its calendar month (pay day after the 1st).
    static func budgetOf(_ month: BudgetMonth) -> String {
        "budget \(FrenchMonths.lowercaseName(month.month)) \(month.year)"
    }

    /// The live total of a sum typed in the amount (« = 20.50 »).
    static func sum(_ value: Decimal, currency: Currency) -> String {
        "= \(MoneyFormatter.number(value, currency: currency))"
    }
}

extension QuickAddProblem {
    /// The error line of the form.
    func text(currency: Currency) -> String {
        switch self {
        case let .amount(problem): problem.text(currency: currency)
        case .descriptionMissing: ExpenseProblem.nameMissing.text(currency: currency)
        case .descriptionTooLong: ExpenseProblem.nameTooLong.text(currency: currency)
        case .descriptionHasControl: ExpenseProblem.nameHasControl.text(currency: currency)
        case let .noBudget(month): "Pas de budget pour \(FrenchMonths.lowercaseName(month.month)) \(month.year)"
        case let .budgetsUnknown(month): "Budgets \(month.year) pas encore chargés — réessaie"
        case .notStored(.diskUnavailable): "Dépense non enregistrée — vérifie le disque"
        case .notStored(.notSignedIn): "Connecte-toi pour ajouter une dépense"
        case .lineUnknown: "Pas de prévision de ce nom ce mois-ci — laisse vide pour une transaction libre"
        case .lineOfAnotherMonth: "La prévision est celle d'un autre mois que la date"
        case let .tags(problem): problem.text
        case .goalUnknown: "Pas d’objectif d’épargne de ce nom — laisse vide pour aucun"
        }
    }
}

extension AmountProblem {
    public func text(currency: Currency) -> String {
        switch self {
        case .missing: "Ajoute un montant"
        case .invalid: "Montant invalide — ex. 12.50"
        case .notPositive: "Le montant doit être positif"
        case .tooLarge: "1 000 000 \(currency.code) au maximum"
        }
    }
}
