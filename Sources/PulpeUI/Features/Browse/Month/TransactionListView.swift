import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The month's transactions, newest first as the API sends them: compact date, pointé mark, name,
/// the budget line it is allocated to, and the signed amount. Only the rows on screen are formatted,
/// so a month with thousands of transactions costs the same to draw as one with twenty.
enum TransactionListView {
    struct Input {
        /// The month's transactions, all of them.
        var transactions: [Transaction]
        /// The ones the list shows, as the core filtered them.
        var rows: FilteredTransactions
        /// The month's largest amount (all transactions), to size the amount column the same with
        /// or without a filter.
        var largestAmount: Decimal
        var lineNames: [String: String]
        var money: PanelMoney
        var timeZone: LocalZone
        var offset: Int
        var selectedRow: Int?
        /// Rows still in the outbox, by id: marked « en attente » where the budget line would be.
        var pendingStates: [String: PendingExpense.State] = [:]
        /// The account's tags by id (a tag the catalogue does not know yet is not shown).
        var tagNames: [String: String] = [:]
    }

    /// Draws the rows in `area` and a scroll bar in column `scrollBarX`; returns the offset drawn from
    /// (the core keeps it on the last page at most; a hand-made offset past it is clamped, not trusted).
    static func draw(_ input: Input, in area: Rect, scrollBarX: Int, into painter: inout Painter) -> Int {
        let count = input.rows.count
        let visible = area.height
        let offset = min(max(0, input.offset), max(0, count - visible))
        guard area.height > 0, area.width > 0 else { return offset }
        if count == 0 {
            drawEmpty(input.rows.filter, in: area, into: &painter)
            return 0
        }
        let columns = TransactionColumns(width: area.width, amountWidth: amountWidth(largest: input.largestAmount, money: input.money, painter: painter))
        for row in 0..<min(visible, count - offset) {
            let index = offset + row
            drawRow(input.transactions[input.rows[index]], input: input, selected: index == input.selectedRow, columns: columns,
                    x: area.x, y: area.y + row, into: &painter)
        }
        ScrollIndicator.draw(x: scrollBarX, y: area.y, height: visible, count: input.rows.listedCount, visible: visible, offset: offset,
                             into: &painter)
        return offset
    }

    /// The widest amount text: the largest magnitude has the most digits, so one formatting suffices.
    static func amountWidth(largest: Decimal, money: PanelMoney, painter: Painter) -> Int {
        return painter.shownWidth(money.signed(largest, kind: .expense))
    }

    private static func drawRow(_ transaction: Transaction, input: Input, selected: Bool, columns: TransactionColumns,
                                x: Int, y: Int, into painter: inout Painter) {
        func style(_ role: ColorRole) -> Style { selected ? .selection : Style(role: role) }
        var x = x
        let day = transaction.day(in: input.timeZone)
        x += painter.column(DateFormatting.compactDate(day), x: x, y: y, width: TransactionColumns.date, style: style(.muted))
        x += painter.column(" ", x: x, y: y, width: 1, style: style(.normal))
        x += painter.column(transaction.isChecked ? painter.glyphs.check : " ", x: x, y: y, width: 1, style: style(.positive))
        x += painter.column(" ", x: x, y: y, width: 1, style: style(.normal))
        // A tag created offline is shown by the name its provisional id carries.
        let tags = transaction.tagIds.compactMap { input.tagNames[$0] ?? ProvisionalTag.name(ofId: $0) }.map { "#" + $0 }
            .joined(separator: " ")
        if tags.isEmpty {
            x += painter.column(transaction.name, x: x, y: y, width: columns.name, style: style(.normal))
        } else {
            // The name keeps at least half the column; the tags follow it, muted, cut at the end.
            let tagWidth = min(painter.shownWidth(tags), max(0, columns.name / 2 - 1))
            let nameWidth = min(painter.shownWidth(transaction.name), columns.name - tagWidth - 1)
            x += painter.column(transaction.name, x: x, y: y, width: nameWidth, style: style(.normal))
            x += painter.column(" ", x: x, y: y, width: 1, style: style(.normal))
            x += painter.column(tags, x: x, y: y, width: columns.name - nameWidth - 1, style: style(.muted))
        }
        x += painter.column(" ", x: x, y: y, width: 1, style: style(.normal))
        if let pending = input.pendingStates[transaction.id] {
            // Where the budget line goes (or over the name's end when there is no line column).
            let mark = PendingMark.text(pending)
            let width = columns.line > 0 ? columns.line : 0
            if width > 0 {
                x += painter.column(mark, x: x, y: y, width: width, style: style(.warning))
                x += painter.column(" ", x: x, y: y, width: 1, style: style(.normal))
            } else {
                let markWidth = painter.shownWidth(mark) + 1
                painter.column(mark, x: x - markWidth, y: y, width: markWidth - 1, style: style(.warning))
            }
        } else if columns.line > 0 {
            let line = transaction.budgetLineId.flatMap { input.lineNames[$0] } ?? ""
            x += painter.column(line, x: x, y: y, width: columns.line, style: style(.muted))
            x += painter.column(" ", x: x, y: y, width: 1, style: style(.normal))
        }
        let amountRole: ColorRole = switch transaction.kind {
        case .income: .positive
        case .expense: .normal
        case .saving: .accent
        }
        painter.column(input.money.signed(transaction.amount, kind: transaction.kind), x: x, y: y, width: columns.amount,
                      alignment: .right, style: style(amountRole))
    }

    /// « Aucune transaction », or « Aucun résultat pour « … » » when a filter hides everything, or
    /// why a query in the language (`docs/query.md`) does not read.
    private static func drawEmpty(_ filter: TransactionFilter, in area: Rect, into painter: inout Painter) {
        let query = filter.shownQuery
        let text: String
        if filter.uncheckedOnly, query.isEmpty {
            text = "Tout est pointé"
        } else if let error = filter.ledgerError {
            // Text that uses the query language and does not read: where, and how it is written.
            text = QueryErrorText.sentence(error)
        } else if filter.isActive {
            text = painter.unicode ? "Aucun résultat pour « \(query) »" : "Aucun résultat pour \"\(query)\""
        } else {
            text = "Aucune transaction"
        }
        painter.centered(text, in: area, y: area.y + (area.height - 1) / 2, style: .muted)
    }
}
