import PulpeDomain

/// The shown month's transaction list as the core decided it: the rows the filter keeps and the
/// viewport over them. The view draws exactly this; it neither filters nor clamps.
///
/// The rows are recomputed only when what they come from changes (the month, the filter text, the
/// month's data), never per frame or per scrolling key: filtering 10 000 rows costs several
/// milliseconds, a frame must stay near one (decision 23). The viewport follows every change.
public struct TransactionList: Hashable, Sendable {
    /// The transactions the list shows, with the filter that chose them.
    public private(set) var rows: FilteredTransactions = .nothing()
    public private(set) var viewport = ListViewport(rowCount: 0, visibleRows: 0)
    /// The highlighted row (an index into `rows`) once the user entered the list (`Entrée`); the
    /// gestures (`x`, `d`) act on it. Nil: the list scrolls, nothing is selected.
    public private(set) var cursor: Int?
    /// The selected transaction's id: a row arriving above it (a quick-add, another device's
    /// expense on refresh) moves the highlight with it, never onto another transaction.
    private var selectedId: String?
    /// What `rows` were computed from, to recompute them only when it changes.
    private var source: Source?

    private struct Source: Hashable, Sendable {
        var month: BudgetMonth
        var query: String
        var uncheckedOnly: Bool
        var details: BudgetDetails?
        var tagNames: [String: String]
        /// The query language's context (issue 61).
        var context: QueryContext?
    }

    public init() {}

    /// Brings the list in line with the shown `month` (its `details` when loaded), the filter `query`
    /// and the `visibleRows` the layout gives it, keeping the scroll where it was if still possible.
    mutating func update(month: BudgetMonth, details: BudgetDetails?, query: String, uncheckedOnly: Bool = false,
                         tagNames: [String: String] = [:], context: QueryContext? = nil, visibleRows: Int) {
        let source = Source(month: month, query: query, uncheckedOnly: uncheckedOnly, details: details, tagNames: tagNames,
                            context: context)
        // Same buffers compare in constant time, so this check costs nothing when nothing changed.
        let changed = source != self.source
        let previousCount = rows.count
        if changed {
            let filter = TransactionFilter(query, uncheckedOnly: uncheckedOnly, context: context)
            rows = details.map { FilteredTransactions($0, filter: filter, tagNames: tagNames) } ?? .nothing(filter: filter)
        }
        // Kept even when equal: a refresh with the same content then shares its buffers from now on.
        self.source = source
        viewport = ListViewport(rowCount: rows.count, visibleRows: visibleRows, offset: viewport.offset)
        if let cursor {
            var row = min(cursor, rows.count - 1)
            if changed, let selectedId, let details {
                if let found = Self.row(of: selectedId, near: cursor, in: rows, details: details) {
                    row = found
                } else if let previous = self.source, previous.month == month, previous.query == query,
                          previous.uncheckedOnly == uncheckedOnly, rows.count == previousCount - 1 {
                    // One row went and the selected one is not beside where it was: it is the row
                    // that went (a delete), and the highlight stays at its place — no scan of a
                    // 100 000-row month for an id that is gone.
                } else if let found = (0..<rows.count).first(where: { details.transactions[rows[$0]].id == selectedId }) {
                    row = found
                }
            }
            self.cursor = rows.count == 0 ? nil : row
            selectedId = self.cursor.flatMap { id(atRow: $0) }
            if let kept = self.cursor { viewport.scroll(to: viewport.offset(revealing: kept)) }
        }
    }

    /// The row of `id` if it is at `cursor` or beside it: where it is after one row came or went.
    private static func row(of id: String, near cursor: Int, in rows: FilteredTransactions, details: BudgetDetails) -> Int? {
        for row in [cursor, cursor - 1, cursor + 1] where row >= 0 && row < rows.count {
            if details.transactions[rows[row]].id == id { return row }
        }
        return nil
    }

    /// Highlights `row` (clamped to the rows) and scrolls just enough to show it; nil leaves the list.
    mutating func select(_ row: Int?) {
        guard let row, rows.count > 0 else {
            cursor = nil
            selectedId = nil
            return
        }
        let kept = min(max(0, row), rows.count - 1)
        cursor = kept
        selectedId = id(atRow: kept)
        viewport.scroll(to: viewport.offset(revealing: kept))
    }

    /// Scrolls to `offset`, clamped to the rows and what fits.
    mutating func scroll(to offset: Int) { viewport.scroll(to: offset) }

    private func id(atRow row: Int) -> String? {
        guard let details = source?.details, row < rows.count else { return nil }
        let index = rows[row]
        return details.transactions.indices.contains(index) ? details.transactions[index].id : nil
    }
}
