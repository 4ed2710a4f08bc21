/// Why the server would not move an item to next month (§15.3), by its error code.
public enum PostponeRefusal: String, Hashable, Sendable, CaseIterable {
    case alreadyChecked
    case allocated
    case notPostponable
    case hasTransactions
    case nextMonthMissing

    /// The refusal a 409's code names, if it is one of §15.3's.
    public init?(code: String) {
        switch code {
        case "ERR_TRANSACTION_ALREADY_CHECKED", "ERR_BUDGET_LINE_ALREADY_CHECKED": self = .alreadyChecked
        case "ERR_TRANSACTION_ALLOCATED": self = .allocated
        case "ERR_BUDGET_LINE_NOT_POSTPONABLE": self = .notPostponable
        case "ERR_BUDGET_LINE_HAS_TRANSACTIONS": self = .hasTransactions
        case "ERR_TARGET_BUDGET_NOT_FOUND": self = .nextMonthMissing
        default: return nil
        }
    }
}
