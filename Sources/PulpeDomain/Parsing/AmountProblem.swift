/// Why a typed amount cannot be saved. Views word it (« Ajoute un montant », …); the CLI says it
/// in English on stderr.
public enum AmountProblem: Error, Hashable, Sendable {
    /// Nothing typed (or only spaces).
    case missing
    /// Not a number or a simple sum of numbers (`abc`, `12..5`, `12+`).
    case invalid
    /// Zero or below (`0`, `-3`, `5-8`).
    case notPositive
    /// Above 1 000 000 (docs/contract.md §9), or too many digits to be an amount.
    case tooLarge
}
