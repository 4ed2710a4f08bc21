import Foundation

/// Why an expense cannot be stored; views and the CLI word it.
public enum ExpenseProblem: Error, Hashable, Sendable {
    case amount(AmountProblem)
    case nameMissing
    case nameTooLong
    /// A control character (escape, tab, line break…): a terminal showing the name would obey it.
    case nameHasControl
}
