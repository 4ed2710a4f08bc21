import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The « Mois » panel (docs/product.md §2.7): a pure function from `MonthPanelModel` to cells in `rect`.
/// The rows, the filter and the scroll come decided in the model; the section heights come from
/// `MonthPanelRows`, as the core counted them.
public enum MonthPanelView {
    /// Draws the panel; returns the rows of the transaction list (`.zero` when no list is shown), for
    /// tests and hit-testing.
    @discardableResult
    public static func draw(_ model: MonthPanelModel, in rect: Rect, into painter: inout Painter) -> Rect {
        guard rect.width >= MonthPanelRows.minimumPanelWidth, rect.height >= MonthPanelRows.minimumPanelHeight else { return .zero }
        switch model.data {
        case .loading:
            drawLoading(model, in: rect, into: &painter)
            return .zero
        case .noBudget:
            let inner = PanelFrame.draw(in: rect, title: model.title, subtitle: model.periodText, focused: model.isFocused,
                                        into: &painter)
            guard let offer = model.offer else {
                painter.centered("Pas encore de budget pour ce mois", in: inner, y: inner.y + (inner.height - 1) / 2, style: .muted)
                return .zero
            }
            BudgetOfferView.draw(offer, month: model.month, money: PanelMoney(currency: model.currency, isPrivate: model.isPrivate),
                                 in: inner, into: &painter)
            return .zero
        case let .loaded(details):
            return drawLoaded(model, details, in: rect, into: &painter)
        }
    }

    /// Grey frames where the figures and the list will be: never a zero before the data is there.
    private static func drawLoading(_ model: MonthPanelModel, in rect: Rect, into painter: inout Painter) {
        let top = min(rect.height, rect.height >= 14 ? max(5, rect.height / 3) : rect.height)
        PlaceholderView.draw(in: Rect(x: rect.x, y: rect.y, width: rect.width, height: top), title: model.title, into: &painter)
        if top < rect.height {
            PlaceholderView.draw(in: Rect(x: rect.x, y: rect.y + top, width: rect.width, height: rect.height - top),
                                 title: "Transactions", into: &painter)
        }
    }

    private static func drawLoaded(_ model: MonthPanelModel, _ details: BudgetDetails, in rect: Rect,
                                   into painter: inout Painter) -> Rect {
        let inner = PanelFrame.draw(in: rect, title: model.title, subtitle: model.periodText, focused: model.isFocused,
                                    into: &painter)
        let money = PanelMoney(currency: model.currency, isPrivate: model.isPrivate)
        let plan = MonthPlan(inner: inner, lineCount: details.budgetLines.count)
        let trajectory = model.trajectory.map {
            TrajectoryLine(trajectory: $0, details: details, month: model.month, today: model.today, payDay: model.payDay)
        }
        MonthSummaryView.draw(details.totals, glance: model.glance, trajectory: trajectory, money: money, in: plan.summary,
                              compact: plan.isCompactSummary, into: &painter)

        if let y = plan.linesRuleY {
            PanelFrame.rule(across: rect, y: y, title: "Prévisions (\(model.currency.symbol))", focused: model.isFocused,
                            into: &painter)
            BudgetLinesView.draw(details, order: model.lineOrder, money: money, in: plan.linesArea, selected: model.selectedLine,
                                 into: &painter)
        }

        guard let listRuleY = plan.listRuleY else { return .zero }
        let rows = model.rows
        let input = TransactionListView.Input(transactions: details.transactions, rows: rows,
                                              largestAmount: details.largestTransactionAmount, lineNames: details.lineNames,
                                              money: money, timeZone: model.timeZone, offset: model.scrollOffset,
                                              selectedRow: model.selectedRow, pendingStates: model.pendingStates,
                                              tagNames: model.tagNames)
        let offset = TransactionListView.draw(input, in: plan.listArea, scrollBarX: inner.maxX - 1, into: &painter)

        let visible = plan.listArea.height
        let count = { MoneyFormatter.count($0, currency: model.currency) }
        let title = listTitle(filter: rows.filter, matching: rows.count, total: rows.total, unicode: painter.unicode, count: count)
        let position = rows.listedCount > visible
            ? ScrollIndicator.position(offset: offset, visible: visible, count: rows.listedCount, format: count) : nil
        PanelFrame.rule(across: rect, y: listRuleY, title: title, trailing: position, focused: model.isFocused, into: &painter)
        return plan.listArea
    }

    /// « Transactions (42) », or « Transactions (3/42) · « migros » » while filtering.
    static func listTitle(filter: TransactionFilter, matching: Int, total: Int, unicode: Bool,
                          count: (Int) -> String = { String($0) }) -> String {
        guard filter.isActive else { return "Transactions (\(count(total)))" }
        let query = filter.shownQuery
        let quoted = unicode ? "« \(query) »" : "\"\(query)\""
        let chips = (filter.uncheckedOnly ? ["À pointer"] : []) + (query.isEmpty ? [] : [quoted])
        return "Transactions (\(count(matching))/\(count(total))) · " + chips.joined(separator: " · ")
    }
}
