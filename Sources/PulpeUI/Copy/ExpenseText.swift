import PulpeDomain

/// Why an expense cannot be stored, in the words of the quick-add form (and `pulpe add`).
extension ExpenseProblem {
    public var text: String {
        switch self {
        case let .amount(problem): problem.text
        case .nameMissing: "Ajoute une description"
        case .nameTooLong: "100 caractères au maximum"
        }
    }
}

extension AmountProblem {
    public var text: String {
        switch self {
        case .missing: "Ajoute un montant"
        case .invalid: "Montant invalide — ex. 12.50"
        case .notPositive: "Le montant doit être positif"
        case .tooLarge: "1 000 000 CHF au maximum"
        }
    }
}
