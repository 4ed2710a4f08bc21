import Foundation
import PulpeDomain
import PulpeTerminal
import PulpeUI
import Testing

/// Behaviour of the month panel beyond its looks: the figures it shows come from the shared formulas,
/// it draws the rows and the scroll it is given, and its list gets the rows the core counts.
/// (The filter's folding is tested with the code, in PulpeDomainTests.)
@Suite struct PanelMonthTests {
    static let sizes = PanelScreens.sizes.map(\.size)

    /// The screen's text, rows joined.
    private func text(_ painter: Painter) -> String { painter.buffer.textLines().joined(separator: "\n") }

    @Test(arguments: sizes)
    func disponibleShowsTheRemainingOfTheSharedFormulas(size: Size) {
        for details in [PanelFixtures.novemberDetails, PanelFixtures.octoberDetails, PanelFixtures.emptyDetails] {
            let model = PanelFixtures.month(.loaded(details), month: details.budget.budgetMonth)
            let lines = PanelScreens.month(model, size: size, context: Contexts.colour).painter.buffer.textLines()
            let expected = MoneyFormatter.format(details.totals.remaining, currency: .chf)
            guard let row = lines.firstIndex(where: { $0.contains("Disponible") }) else {
                Issue.record("no « Disponible » at \(size)")
                continue
            }
            // Same row on a short panel, the row below on a tall one.
            let shown = lines[row].contains(expected) || lines[row + 1].hasPrefix("│ \(expected) ") || lines[row + 1].contains("│ \(expected) ")
            #expect(shown, "« \(expected) » not next to « Disponible » at \(size)")
        }
    }

    @Test func theNovemberFixtureMatchesTheWorkedFigures() {
        let totals = PanelFixtures.novemberDetails.totals
        #expect(totals.totalIncome == PanelFixtures.amount("7495"))
        #expect(totals.totalExpenses == PanelFixtures.amount("4640.05"))
        #expect(totals.remaining == PanelFixtures.amount("2434.35"))
        #expect(PanelFixtures.octoberDetails.totals.remaining == PanelFixtures.amount("-420.60"))
        #expect(PanelFixtures.octoberDetails.totals.health == .deficit)
    }

    @Test func theRemainingAmountIsColouredByHealth() {
        let cases: [(BudgetDetails, Character)] = [(PanelFixtures.novemberDetails, "P"), (PanelFixtures.octoberDetails, "N")]
        for (details, code) in cases {
            let model = PanelFixtures.month(.loaded(details), month: details.budget.budgetMonth)
            let buffer = PanelScreens.month(model, size: Size(width: 80, height: 24), context: Contexts.colour).painter.buffer
            let amount = MoneyFormatter.format(details.totals.remaining, currency: .chf)
            let row = buffer.textLines().firstIndex { $0.contains("Disponible") }!
            let line = buffer.textLines()[row]
            let start = line.range(of: amount)!.lowerBound
            let column = String(line[..<start]).displayWidth
            let styles = Array(buffer.styleLines()[row])
            #expect(styles[column] == code, "remaining of \(details.budget.month) should be \(code) (bold health colour)")
        }
    }

    @Test func theListShowsTheRowsItIsGiven() {
        let model = PanelFixtures.month(.loaded(PanelFixtures.novemberDetails), filter: "COURSES")
        let (painter, listArea) = PanelScreens.month(model, size: Size(width: 80, height: 24), context: Contexts.colour)
        let shown = painter.buffer.textLines()[listArea.rows]
        let names = PanelFixtures.novemberDetails.transactions.filter { ["t01", "t04", "t08", "t12"].contains($0.id) }.map(\.name)
        for name in names { #expect(shown.contains { $0.contains(name.prefix(12)) }, "\(name)") }
        #expect(text(painter).contains("Transactions (4/16) · « COURSES »"))
    }

    @Test func filteringThatHidesEverythingSaysSo() {
        let model = PanelFixtures.month(.loaded(PanelFixtures.novemberDetails), filter: "fondue")
        for context in [Contexts.colour, Contexts.asciiNoColour] {
            let (painter, _) = PanelScreens.month(model, size: Size(width: 80, height: 24), context: context)
            #expect(text(painter).contains(context.capabilities.unicode ? "Aucun résultat pour « fondue »" : "Aucun resultat pour \"fondue\""))
            #expect(model.rows.count == 0)
        }
        let empty = PanelFixtures.month(.loaded(PanelFixtures.emptyDetails), month: PanelFixtures.january2027)
        #expect(text(PanelScreens.month(empty, size: Size(width: 80, height: 24), context: Contexts.colour).painter).contains("Aucune transaction"))
    }

    @Test func theListIsDrawnFromTheOffsetItIsGiven() {
        let details = PanelFixtures.novemberWith(transactions: 300)
        let size = Size(width: 80, height: 24)
        let (painter, listArea) = PanelScreens.month(PanelFixtures.month(.loaded(details), offset: 50), size: size, context: Contexts.colour)
        #expect(listArea.height == 8)
        // The first visible row is the 51st transaction.
        let first = details.transactions[50]
        #expect(painter.buffer.textLines()[listArea.y].contains(first.name))
        #expect(text(painter).contains("51–58 / 300"))

        // An offset past the end (never one the core keeps) draws the last page rather than nothing.
        let (past, _) = PanelScreens.month(PanelFixtures.month(.loaded(details), offset: 10_000), size: size, context: Contexts.colour)
        #expect(text(past).contains("293–300 / 300"))
        let (negative, _) = PanelScreens.month(PanelFixtures.month(.loaded(details), offset: -5), size: size, context: Contexts.colour)
        #expect(text(negative).contains("1–8 / 300"))
    }

    @Test func moreRowsFitOnATallerTerminal() {
        let details = PanelFixtures.novemberWith(transactions: 300)
        let rows = PanelScreens.sizes.map { PanelScreens.month(PanelFixtures.month(.loaded(details)), size: $0.size, context: Contexts.colour).listArea.height }
        #expect(rows == [rows[0], rows[1], rows[2]].sorted(by: >))
        #expect(rows.allSatisfy { $0 >= 3 })
    }

    @Test func loadingAndNoBudgetShowNoAmounts() {
        for data in [MonthPanelData.loading, .noBudget] {
            for size in Self.sizes {
                let (painter, listArea) = PanelScreens.month(PanelFixtures.month(data), size: size, context: Contexts.colour)
                let screen = text(painter)
                #expect(!screen.contains("CHF"))
                #expect(!screen.contains("0.00"))
                #expect(listArea == .zero)
            }
        }
        let noBudget = PanelScreens.month(PanelFixtures.month(.noBudget), size: Size(width: 60, height: 20), context: Contexts.colour).painter
        #expect(text(noBudget).contains("Pas encore de budget pour ce mois"))
    }

    @Test func privacyHidesEveryAmount() {
        let model = PanelFixtures.month(.loaded(PanelFixtures.novemberDetails), isPrivate: true)
        for size in Self.sizes {
            for context in [Contexts.colour, Contexts.asciiNoColour] {
                let screen = text(PanelScreens.month(model, size: size, context: context).painter)
                #expect(screen.contains(context.capabilities.unicode ? "•••• CHF" : "**** CHF"))
                // No digit next to a currency or a decimal point: amounts are gone, dates stay.
                #expect(screen.range(of: #"[0-9] CHF|[0-9]\.[0-9]{2}(?![.])"#, options: .regularExpression) == nil, "\(size)")
            }
        }
    }

    @Test func aPayDayMonthShowsItsPeriodAndACalendarMonthDoesNot() {
        let withPayDay = PanelFixtures.month(.noBudget)
        #expect(withPayDay.periodText == "25.10. – 24.11.")
        var calendar = withPayDay
        calendar.payDay = 1
        #expect(calendar.periodText == nil)
        let screen = text(PanelScreens.month(calendar, size: Size(width: 80, height: 24), context: Contexts.colour).painter)
        #expect(screen.contains("Novembre 2026"))
        #expect(!screen.contains("24.11."))
    }

    @Test func longNamesTruncateOnCellBoundaries() {
        let model = PanelFixtures.month(.loaded(PanelFixtures.novemberDetails))
        for size in Self.sizes {
            for context in [Contexts.colour, Contexts.asciiNoColour] {
                let buffer = PanelScreens.month(model, size: size, context: context).painter.buffer
                #expect(buffer.textLines().allSatisfy { $0.displayWidth == size.width })
                // Every wide character keeps its continuation cell.
                for y in 0..<buffer.height {
                    for x in 0..<buffer.width where buffer[x, y].isWide {
                        #expect(x + 1 < buffer.width && buffer[x + 1, y].isContinuation)
                    }
                }
                let ellipsis = context.capabilities.unicode ? "…" : "..."
                #expect(text(buffer).contains("Électricité et chauffage".prefix(8)) || text(buffer).contains("Electricite"))
                #expect(buffer.textLines().contains { $0.contains(ellipsis) })
            }
        }
    }

    @Test func amountsAreRightAlignedInOneColumn() {
        let model = PanelFixtures.month(.loaded(PanelFixtures.novemberDetails))
        let (painter, listArea) = PanelScreens.month(model, size: Size(width: 80, height: 24), context: Contexts.colour)
        let rows = painter.buffer.textLines()[listArea.rows]
        let ends = Set(rows.map { line -> Int in
            let range = line.range(of: "CHF", options: .backwards)!
            return String(line[..<range.upperBound]).displayWidth
        })
        #expect(ends.count == 1)
    }

    @Test func theSelectedRowIsDrawnAsASelection() {
        let model = PanelFixtures.month(.loaded(PanelFixtures.novemberDetails), selected: 2)
        let (painter, listArea) = PanelScreens.month(model, size: Size(width: 80, height: 24), context: Contexts.colour)
        let styles = painter.buffer.styleLines()
        let selected = styles[listArea.y + 2]
        let inside = selected.dropFirst(listArea.x).prefix(listArea.width)
        #expect(inside.allSatisfy { $0 == "s" })
        #expect(!styles[listArea.y + 1].contains("s"))
    }
}

extension PanelMonthTests {
    /// Euro amounts (`1 234,56 €`, narrow no-break spaces) keep their columns, in ASCII too (`EUR`).
    @Test func euroAmountsLineUpInBothGlyphSets() {
        var model = PanelFixtures.month(.loaded(PanelFixtures.novemberDetails))
        model.currency = .eur
        for context in [Contexts.colour, Contexts.asciiNoColour] {
            let (painter, listArea) = PanelScreens.month(model, size: Size(width: 80, height: 24), context: context)
            let lines = painter.buffer.textLines()
            let symbol = context.capabilities.unicode ? "€" : "EUR"
            #expect(lines.joined().contains(context.capabilities.unicode ? "2\u{202F}434,35 €" : "2 434,35 EUR"))
            let ends = Set(lines[listArea.rows].map { line in
                String(line[..<line.range(of: symbol, options: .backwards)!.upperBound]).displayWidth
            })
            #expect(ends.count == 1)
            #expect(lines.allSatisfy { $0.displayWidth == 80 })
        }
    }

    private func text(_ buffer: CellBuffer) -> String { buffer.textLines().joined(separator: "\n") }
}
