/// Which of a month's transactions its list shows, with the filter that chose them: the matches'
/// indices in their original order, or every transaction when no filter is active.
///
/// Indices rather than copies: the core decides them once (per filter keystroke, month or data
/// change) and keeps them in its state; the view reads only the rows on screen through them.
public struct FilteredTransactions: Sendable, Hashable {
    public let filter: TransactionFilter
    /// How many transactions the month holds before filtering (« 3/42 »): a preview's whole count.
    public let total: Int
    /// The rows held, unfiltered: all of them, or a preview's first ones.
    private let held: Int
    /// The matches; nil when the filter is inactive, so an unfiltered 10 000-row month costs no array.
    private let matches: [Int]?

    /// Runs `filter` over `details` (the whole month: call it when the filter or the data change).
    /// `tagNames`: the account's tags by id, for `#` words.
    public init(_ details: BudgetDetails, filter: TransactionFilter, tagNames: [String: String] = [:]) {
        self.filter = filter
        total = details.transactionCount
        held = details.transactions.count
        matches = filter.isActive
            ? filter.matchingIndices(in: details.transactions, lineNames: details.lineNames, tagNames: tagNames) : nil
    }

    private init(filter: TransactionFilter) {
        self.filter = filter
        total = 0
        held = 0
        matches = nil
    }

    /// No transactions to show (no month loaded), remembering the filter for the title.
    public static func nothing(filter: TransactionFilter = .none) -> FilteredTransactions {
        FilteredTransactions(filter: filter)
    }

    /// Rows in the list that can be read (`self[row]`): a preview's first ones only.
    public var count: Int { matches?.count ?? held }

    /// Rows in the list as the user counts them (the position « 1–18 / 100’000 », the scroll bar):
    /// a preview's whole month. A preview is never filtered (keys wait for the whole month).
    public var listedCount: Int { matches?.count ?? total }

    /// The index in the month's transactions of the list's `row`-th row.
    public subscript(row: Int) -> Int { matches?[row] ?? row }
}
