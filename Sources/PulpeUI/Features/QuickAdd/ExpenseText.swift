import PulpeDomain

/// Why an expense cannot be stored, in the words of the quick-add form — `pulpe add` says the
/// same on stderr.
extension ExpenseProblem {
    public func text(currency: Currency = .chf) -> String {
        switch self {
        case let .amount(problem): problem.text(currency: currency)
        case .nameMissing: "Ajoute une description"
        case .nameTooLong: "\(ExpenseRules.maximumNameLength) caractères au maximum"
        case .nameHasControl: "Caractère de contrôle dans le nom (échappement, tabulation…) : retire-le"
        }
    }
}
