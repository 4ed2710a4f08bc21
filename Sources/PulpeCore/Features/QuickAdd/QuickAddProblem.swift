import Foundation
import PulpeDomain

/// Why the quick-add form stored nothing. The view words it (`QuickAddText`).
public enum QuickAddProblem: Error, Hashable, Sendable {
    case amount(AmountProblem)
    case descriptionMissing
    /// More than `QuickAddForm.maximumNameLength` UTF-16 units once trimmed (`ExpenseRules`).
    case descriptionTooLong
    /// A control character in it (`ExpenseRules`): refused, never shown raw (decision 96).
    case descriptionHasControl
    /// The year's list is known and has no budget for this month.
    case noBudget(BudgetMonth)
    /// The year's list is not known (still loading, or it could not be fetched).
    case budgetsUnknown(BudgetMonth)
    /// The outbox could not keep it.
    case notStored(StoreFailure)
    /// The prévision typed is none of the month's (of this kind).
    case lineUnknown
    /// The date falls in another month than the prévision's.
    case lineOfAnotherMonth
    /// A tag's name is blank or over 30 characters, or more than 10 tags.
    case tags(TagRules.Problem)
    /// The savings goal typed is none of the account's.
    case goalUnknown

    /// What `ExpenseRules.name` refused, as the description's problem (missing unless too long or
    /// holding a control).
    init(name problem: ExpenseProblem) {
        self = switch problem {
        case .nameTooLong: .descriptionTooLong
        case .nameHasControl: .descriptionHasControl
        case .nameMissing, .amount: .descriptionMissing
        }
    }

    /// The field to fix, which gets the focus (nil: nothing in the form can fix it).
    public var field: QuickAddForm.Field? {
        switch self {
        case .amount: .amount
        case .descriptionMissing, .descriptionTooLong, .descriptionHasControl: .description
        case .noBudget, .budgetsUnknown: .date
        case .lineUnknown: .line
        case .lineOfAnotherMonth: .date
        case .tags: .tags
        case .goalUnknown: .goal
        case .notStored: nil
        }
    }
}
