import PulpeDomain

/// The tag history overlay's state: which tag, over how many months ending with which one, and
/// the figures once they are read (the server's, or the replica's when it does not answer).
public struct TagChart: Hashable, Sendable {
    /// The tags the chart may show in turn (`t`), the shown one at `index`.
    public var tags: [Tag]
    public var index: Int
    public var months: Int
    public var end: BudgetMonth
    public var history: TagHistory?
    public var fromServer: Bool

    public init(tags: [Tag], months: Int = 12, end: BudgetMonth) {
        self.tags = tags
        index = 0
        self.months = months
        self.end = end
        history = nil
        fromServer = false
    }

    public var tag: Tag { tags[index] }

    /// The command that reads the shown window (the runtime makes it the replica's behind a closed gate).
    var load: Effect { .budgets(.loadTagHistory(tagId: tag.id, months: months, end: end, askServer: true)) }
}
