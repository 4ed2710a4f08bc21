import Foundation

/// The item an operation is about.
public enum OperationTarget: Hashable, Sendable {
    case transaction(String)
    case budgetLine(String)
    case budget(BudgetMonth)
    /// A tag, by its name as the server compares it (`TagRules.key`).
    case tag(String)
    /// A tag the server has, by its id (a rename, a delete).
    case tagId(String)
    /// A budget template, by its id (a create, by « new: » and its name).
    case template(String)
    /// The user's settings (one record).
    case settings
    /// A group of lines one write makes (a spread from scratch, a « Piocher » pair), by its id.
    case group(String)
}
