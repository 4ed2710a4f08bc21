/// Column widths of the transaction list: `date ✓ name  line  amount`, the amount right-aligned in
/// a column as wide as the month's largest amount, so amounts line up and do not jump while scrolling
/// or filtering.
struct TransactionColumns: Equatable {
    /// `21.11.`
    static let date = 6
    /// The pointé mark.
    static let check = 1
    /// From this content width the allocated line's name gets a column.
    static let lineMinimumWidth = 60
    static let maximumLine = 18

    let name: Int
    /// 0 when hidden.
    let line: Int
    let amount: Int

    init(width: Int, amountWidth: Int) {
        amount = amountWidth
        let fixed = Self.date + 1 + Self.check + 1 + 1 + amount
        line = width >= Self.lineMinimumWidth ? min(Self.maximumLine, max(8, width / 5)) : 0
        name = max(0, width - fixed - (line > 0 ? line + 1 : 0))
    }
}
