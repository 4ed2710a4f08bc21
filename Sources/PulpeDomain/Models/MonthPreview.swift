import Foundation

/// What a preview of a month (`BudgetDetails.preview`) knows of the rows it does not hold.
public struct MonthPreview: Sendable, Hashable {
    /// How many transactions the whole month holds.
    public let transactionCount: Int

    /// Months with fewer rows are read whole: a preview would save less than a frame.
    public static let minimumRows = 5_000
    /// The rows a preview holds: more than any terminal shows at once.
    public static let firstRows = 300
}
