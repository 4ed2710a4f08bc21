import Foundation
import PulpeDomain

/// Why an intent stores nothing, as data: the TUI and the shell word it in their own copy.
public enum WriteRefusal: Error, Hashable, Sendable {
    /// The month has no budget to write into.
    case noBudget(BudgetMonth)
    /// The target names nothing in the month: what there is, closest first.
    case unknown(String, [WriteCandidate])
    /// The target names more than one item: the candidates.
    case ambiguous(String, [WriteCandidate])
    /// Every field given already reads so: nothing to store.
    case nothingToChange(name: String)
    /// The month already has its budget.
    case monthExists(BudgetMonth)
    /// Months planned ahead: 1 to 36 at once (the server's limit).
    case monthsOutOfRange(Int)
    /// The templates are the server's and it did not give them.
    case templatesUnknown
    /// No template has that id or name: the ones there are.
    case unknownTemplate(String, available: [String])
    /// A prévision's kind changed while it has transactions (they would drop out of every total).
    case kindChangeWithTransactions(name: String, count: Int)
    /// The item write leaves the item as it is, and why (for a postpone, the server would answer 409).
    case itemStays(ItemWrite, name: String, ItemObstacle)
    /// The bank's total equals « Pointé » plus the rollover: « À jour », nothing to store.
    case upToDate
    /// A tag's name is blank or over 30 characters, or an item would carry more than 10 tags.
    case tagName(TagRules.Problem)
    /// No tag of the account has that name: the names there are.
    case unknownTag(String, available: [String])
    /// Another tag has that name already (case aside, accents kept).
    case tagExists(String)
    /// No savings goal has that name: the names there are.
    case unknownGoal(String, available: [String])
    /// A savings goal on a prévision that is not a saving (the server would drop the link).
    case goalOnNonSaving(name: String)
    /// The prévision has transactions not checked yet: check them too? (`count` of them.)
    case asksAboutTransactions(lineId: String, name: String, count: Int)
    /// A template's name is blank or over 100 characters.
    case templateName(String)
    /// Another template has that name already (case aside).
    case templateExists(String)
    /// The account has 5 templates: the server's limit (`ERR_TEMPLATE_LIMIT_EXCEEDED`).
    case templateLimit
    /// A template line's name is blank or over 100 characters, or its amount not above 0.
    case templateLine(String)
    /// A spread refused before anything is stored, and why.
    case cannotSpread(name: String, SpreadObstacle)
    /// The prévision named is not one of a « Piocher dans son épargne » pair.
    case notAWithdrawal(name: String)
}
