import Foundation

/// The rules an expense meets before it is stored (docs/contract.md §9): an amount the parser
/// accepts, and a description of 1…100 characters once trimmed — counted in UTF-16 code units, as
/// the server's schema counts them (`TransactionRules`): an emoji is two. Shared by the quick-add
/// form and `pulpe add`, so both refuse the same input for the same reason, before the server would.
public enum ExpenseRules {
    public static let maximumNameLength = TransactionRules.maxNameLength

    public static func amount(_ text: String) -> Result<Decimal, ExpenseProblem> {
        switch AmountParser.parse(text) {
        case let .success(parsed): .success(parsed.value)
        case let .failure(problem): .failure(.amount(problem))
        }
    }

    public static func name(_ text: String) -> Result<String, ExpenseProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .failure(.nameMissing) }
        if trimmed.utf16.count > maximumNameLength { return .failure(.nameTooLong) }
        // Refused, not cleaned: the user sees why, and what is stored is what was typed (decision 96).
        if TerminalControls.contains(trimmed) { return .failure(.nameHasControl) }
        return .success(trimmed)
    }
}
