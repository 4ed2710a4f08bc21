import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// The import screen (`I`, decision 90): the path prompt with the reader's refusal, then the review.
@Suite struct ImportScreensGoldenTests {
    static func row(_ id: String, _ name: String, _ amount: Decimal, _ kind: TransactionKind = .expense,
                    status: ImportReviewRow.Status = .new, line: String? = nil) -> ImportReviewRow {
        let day = CalendarDay(year: 2026, month: 11, day: 20)!
        let draft = status == .new
            ? ExpenseDraft(amount: amount, name: name, kind: kind, date: day, checked: line != nil, month: PanelFixtures.november,
                           budgetId: "b-nov")
            : nil
        return ImportReviewRow(clientId: id, date: day, name: name, amount: amount, kind: kind, status: status, line: line, draft: draft)
    }

    @Test func thePathAndAMalformedFile() {
        var state = HomeFixture.state(columns: 80, rows: 24)
        var review = ImportReview()
        review.path = TextField(text: "~/Téléchargements/releve-novembre.xml", maxLength: 500)
        review.failure = .malformed(line: 42, column: 7)
        state.home?.importReview = review
        expectGolden("import-path-80x24", state: state, context: Contexts.colour)
    }

    /// A file refused for one amount, or for a CAMT.053 entry without its `Amt` (decision 97): the
    /// screen says which and where, in its words.
    @Test(arguments: [(StatementFailure.unreadableAmount("1.85x", line: 12, column: 3), "Montant illisible ligne 12 : « 1.85x » (colonne 3)"),
                      (.incompleteEntry(element: "Amt", line: 16), "Relevé mal formé : écriture sans Amt ligne 16")])
    func aRefusedFileSaysWhere(_ failure: StatementFailure, _ words: String) {
        var state = HomeFixture.state(columns: 80, rows: 24)
        var review = ImportReview()
        review.path = TextField(text: "~/konto.csv", maxLength: 500)
        review.failure = failure
        state.home?.importReview = review
        let screen = RootView.render(state, now: .zero, context: Contexts.colour).buffer.textLines()
        #expect(screen.contains { $0.contains(words) }, "\(screen.joined(separator: "\n"))")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func theReview(columns: Int, rows: Int) {
        var state = HomeFixture.state(columns: columns, rows: rows)
        var review = ImportReview()
        review.rows = [Self.row("1", "Horlogerie du Léman SA", 7450, .income), Self.row("2", "Migros", 84.35, line: "Courses"),
                       Self.row("3", "Café du Marché", 6.8, status: .already("Café du Marché")),
                       Self.row("4", "Hôtel des Alpes", 320, status: .otherCurrency("EUR")),
                       Self.row("5", "Transfert compte épargne", 500, status: .rule("compte épargne")),
                       Self.row("6", "Kiosque", 3.5)]
        review.rows?[5].accepted = false
        review.selected = 1
        state.home?.importReview = review
        expectGolden("import-review-\(columns)x\(rows)", state: state, context: Contexts.colour)
    }

    /// `l`: the prévision typed, the rest of the completed name greyed after it; then a name the
    /// month lacks, said.
    @Test func thePrevisionTyped() {
        var state = HomeFixture.state(columns: 80, rows: 24)
        var review = ImportReview()
        review.rows = [Self.row("1", "Migros", 84.35), Self.row("2", "Kiosque", 3.5)]
        review.rows?[0].lineChoices = [LineChoice(id: "l1", budgetId: "b-nov", name: "Loyer", kind: .expense, left: 0),
                                       LineChoice(id: "l2", budgetId: "b-nov", name: "Épicerie", kind: .expense, left: 320)]
        review.choosingLine = TextField(text: "epi", maxLength: 200)
        state.home?.importReview = review
        expectGolden("import-line-80x24", state: state, context: Contexts.colour)
        review.choosingLine = TextField(text: "Vacances", maxLength: 200)
        review.lineUnknown = true
        state.home?.importReview = review
        expectGolden("import-line-unknown-80x24", state: state, context: Contexts.colour)
    }
}
