import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// « Rapports » (`V`, issue 61): twelve months ending with November 2026, a deficit in March and
/// one in July, a prévision over its plan some months, free expenses — at 80×24 and 120×40, in
/// 256 colours, in 16 and in ASCII without colour.
@Suite struct ReportsScreenGoldenTests {
    static let sixteen = ViewContext(capabilities: Capabilities(unicode: true, colorDepth: .ansi16, reducedMotion: false),
                                     animations: Contexts.animations, timeZone: PanelFixtures.timeZone)

    /// Month `offset` (0: December 2025 … 11: November 2026): salary, rent, groceries that vary,
    /// savings; a car repair in March and holidays in July that the month cannot carry.
    static func month(_ offset: Int) -> BudgetDetails {
        let month = PanelFixtures.november.advanced(by: offset - 11)
        let id = "b-\(month)"
        let stamp = at("12:00")
        func line(_ name: String, _ amount: Decimal, _ kind: TransactionKind) -> BudgetLine {
            BudgetLine(id: "\(id)-\(name)", budgetId: id, name: name, amount: amount, kind: kind, createdAt: stamp, updatedAt: stamp)
        }
        func spend(_ name: String, _ amount: Decimal, _ kind: TransactionKind = .expense, on line: String? = nil) -> Transaction {
            Transaction(id: "\(id)-\(name)-\(amount)", createdAt: stamp, updatedAt: stamp, budgetId: id,
                        budgetLineId: line.map { "\(id)-\($0)" }, amount: amount, name: name, kind: kind, transactionDate: stamp)
        }
        let groceries = Decimal(520 + (offset * 37) % 180)
        var transactions = [spend("Salaire", 6800, .income, on: "Salaire"), spend("Loyer", 2150, on: "Loyer"),
                            spend("Migros", groceries, on: "Épicerie"), spend("Épargne", 500, .saving, on: "Épargne"),
                            spend("Kiosque", Decimal(20 + offset * 3))]
        if offset == 3 { transactions.append(spend("Garage", 5900)) }
        if offset == 7 { transactions.append(spend("Tessin", 4800)) }
        return BudgetDetails(budget: Budget(id: id, createdAt: stamp, updatedAt: stamp, userId: "u", templateId: "t", month: month.month,
                                            year: month.year, description: ""),
                             transactions: transactions,
                             budgetLines: [line("Salaire", 6800, .income), line("Loyer", 2150, .expense), line("Épicerie", 600, .expense),
                                           line("Épargne", 500, .saving)])
    }

    static func opened(columns: Int, rows: Int) -> AppState {
        var state = HomeFixture.state(columns: columns, rows: rows)
        _ = Core.update(&state, .action(.reports(.open)))
        _ = Core.update(&state, .budgets(.accountRead((0..<12).map(month), nil, at: .seconds(3))))
        return state
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func theReportsScreen(columns: Int, rows: Int) throws {
        let state = Self.opened(columns: columns, rows: rows)
        guard case let .reports(screen)? = state.overlay else { Issue.record("\(String(describing: state.overlay))"); return }
        let figures = try #require(screen.figures)
        #expect(figures.flow.count == 12 && figures.flow.last?.month == PanelFixtures.november)
        expectGolden("reports-\(columns)x\(rows)", state: state, context: Contexts.colour)
        expectGolden("reports-\(columns)x\(rows)-16", state: state, context: Self.sixteen)
        expectGolden("reports-\(columns)x\(rows)-ascii", state: state, context: Contexts.asciiNoColour)
    }

    @Test func theKeysChooseTheWindowTheAxisAndTheRow() {
        var state = Self.opened(columns: 120, rows: 40)
        #expect(KeyTable.message(for: .char("V"), in: HomeFixture.state(columns: 120, rows: 40)) == .action(.reports(.open)))
        _ = Core.update(&state, .action(.reports(.widen)))
        _ = Core.update(&state, .action(.reports(.nextAxis)))
        _ = Core.update(&state, .action(.reports(.nextAxis)))
        guard case let .reports(screen)? = state.overlay else { Issue.record("closed"); return }
        #expect(screen.months == 24 && screen.axis == .kind)
        #expect(screen.window.first == BudgetMonth(year: 2024, month: 12))
        let screenText = RootView.render(state, now: .zero, context: Contexts.colour).buffer.textLines().joined(separator: "\n")
        #expect(screenText.contains("Type") && screenText.contains("expense"), "\(screenText)")
        #expect(KeyTable.message(for: .escape, in: state) == .action(.app(.closeOverlay)))
    }

    @Test func theSparklineReadsWithoutColourAndFromZeroForAmountsSpent() {
        #expect(ReportsView.sparkline([0, 50, 100, nil], slot: 1, unicode: true, fromZero: true) == "▁▅█ ")
        #expect(ReportsView.sparkline([-10, 10], slot: 2, unicode: false) == "_ # ")
        #expect(ReportsView.sparkline([0, 0], slot: 1, unicode: true, fromZero: true) == "▁▁", "nothing spent is the lowest level")
    }
}
