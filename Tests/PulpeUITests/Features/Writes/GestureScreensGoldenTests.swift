import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// The gestures on screen (decision 47), driven through the core as the keys would: a selected
/// transaction checked off with its toast, and the edit form over the month.
@Suite struct GestureScreensGoldenTests {
    private func main(columns: Int, rows: Int) -> AppState { HomeFixture.state(columns: columns, rows: rows) }

    private func driven(columns: Int, rows: Int, _ actions: [Action]) -> AppState {
        var state = main(columns: columns, rows: rows)
        for action in actions { _ = Core.update(&state, .action(action)) }
        return state
    }

    private func text(_ state: AppState) -> String {
        RootView.render(state, now: state.now, context: Contexts.colour).buffer.textLines().joined(separator: "\n")
    }

    /// Entrée, ↓, x: « Café du Marché » (6.80, not checked) checked off.
    private let checkTheSecondRow: [Action] = [.browse(.openSelectedMonth), .browse(.moveDown), .gesture(.toggleCheckSelected)]

    @Test(arguments: [(80, 24), (120, 40)])
    func aSelectedTransactionCheckedOffWithItsToast(columns: Int, rows: Int) throws {
        let state = driven(columns: columns, rows: rows, checkTheSecondRow)
        let screen = text(state)
        #expect(screen.contains("Pointé : Café du Marché — 6.80 CHF · u annuler"), "\(screen)")
        // The highlighted row is the selection's, in the selection style, with its check mark.
        let buffer = RootView.render(state, now: state.now, context: Contexts.colour).buffer
        let lines = buffer.textLines()
        let row = try #require(lines.firstIndex { $0.contains("Café du Marché") && !$0.contains("Pointé :") }, "\(screen)")
        #expect(lines[row].contains("✓ Café du Marché"), "checked at once: \(lines[row])")
        let name = try #require(lines[row].range(of: "Café du Marché"))
        let column = lines[row].distance(from: lines[row].startIndex, to: name.lowerBound)
        #expect(buffer[column, row].style == .selection, "the selected row is highlighted")
        let others = lines.indices.filter { $0 != row && lines[$0].contains("Migros Plainpalais") }
        #expect(others.allSatisfy { other in (0..<buffer.width).allSatisfy { buffer[$0, other].style != .selection } },
                "one row highlighted")
        expectGolden("gesture-checked-\(columns)x\(rows)", state: state, now: state.now, context: Contexts.colour)
    }

    @Test func theEditFormOverTheMonth() {
        // Entrée, ↓ ↓, Entrée: « Restaurant Les Armures » (96.00, checked, on « Restaurants »).
        let state = driven(columns: 80, rows: 24, [.browse(.openSelectedMonth), .browse(.moveDown), .browse(.moveDown), .browse(.openSelectedMonth)])
        let screen = text(state)
        #expect(screen.contains("Modifier « Restaurant Les Armures »"), "\(screen)")
        #expect(screen.contains("96"), "\(screen)")
        expectGolden("gesture-edit-80x24", state: state, now: state.now, context: Contexts.colour)
    }

    @Test func aDeletedRowLeavesAtOnceAndTheToastSaysHowToUndo() {
        let state = driven(columns: 80, rows: 24, [.browse(.openSelectedMonth), .browse(.moveDown), .gesture(.deleteSelectedTransaction)])
        let screen = text(state)
        #expect(screen.contains("Supprimé : Café du Marché — 6.80 CHF · u annuler"), "\(screen)")
        #expect(screen.components(separatedBy: "Café du Marché").count == 2,
                "only the toast names it: \(screen)")
        var undone = state
        _ = Core.update(&undone, .action(.outbox(.undo)))
        let back = text(undone)
        #expect(back.contains("Annulé : Café du Marché — 6.80 CHF"), "\(back)")
        #expect(back.components(separatedBy: "Café du Marché").count == 3, "the row is back: \(back)")
    }

    @Test func theToastsWords() {
        let migros = { (kind: GestureNews.Kind) in GestureNews(kind, name: "Migros", amount: 45, transactionKind: .expense) }
        #expect(migros(.checked).text == "Pointé : Migros — 45.00 CHF · u annuler")
        #expect(migros(.unchecked).text == "Dépointé : Migros — 45.00 CHF · u annuler")
        #expect(migros(.deleted).text == "Supprimé : Migros — 45.00 CHF · u annuler")
        #expect(migros(.edited).text == "Modifié : Migros — 45.00 CHF · u annuler")
        #expect(migros(.undone).text == "Annulé : Migros — 45.00 CHF")
        #expect(GestureNews(.tooLate, name: "Migros").text == "Trop tard : Migros est déjà supprimé")
        #expect(GestureNews(.nothingToUndo).text == "Rien à annuler")
        #expect(migros(.item(.postpone)).text == "Reporté au mois suivant : Migros — 45.00 CHF · u annuler")
        #expect(GestureNews(.item(.reset), name: "Loyer").text == "Rétabli selon le modèle : Loyer")
        #expect(GestureNews(.item(.fit), name: "Épicerie", amount: Decimal(string: "287.46"), transactionKind: .expense).text
            == "Ajusté au réel : Épicerie — 287.46 CHF · u annuler")
        #expect(GestureNews(.refused(.itemStays(.fit, name: "Loyer", .noTransactions))).text
            == "Loyer garde son montant : aucune transaction ne lui est liée")
        #expect(GestureNews(.refused(.itemStays(.postpone, name: "Coop", .checked))).text == "Coop reste dans ce mois : déjà pointée")
    }

    /// `x` and `d` exist (footer, help, keys) only once a row is selected.
    @Test func theGestureKeysComeWithASelection() {
        let browsing = main(columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char("x"), in: browsing) == .unboundKey)
        #expect(KeyTable.message(for: .char("d"), in: browsing) == .unboundKey)
        #expect(KeyTable.message(for: .enter, in: browsing) == .action(.browse(.openSelectedMonth)))
        let selected = driven(columns: 80, rows: 24, [.browse(.openSelectedMonth)])
        #expect(KeyTable.message(for: .char("x"), in: selected) == .action(.gesture(.toggleCheckSelected)))
        #expect(KeyTable.message(for: .char("d"), in: selected) == .action(.gesture(.deleteSelectedTransaction)))
        #expect(KeyTable.message(for: .delete, in: selected) == .action(.gesture(.deleteSelectedTransaction)))
        #expect(KeyTable.message(for: .char("u"), in: selected) == .action(.outbox(.undo)))
        #expect(KeyTable.message(for: .escape, in: selected) == .action(.browse(.clearFilter)))
        #expect(KeyTable.message(for: .enter, in: selected) == .action(.browse(.openSelectedMonth)))
    }

    /// `Tab` to the Prévisions, down to the first one with transactions, `=`: its amount is what
    /// they add up to, said by the toast; `?` there lists the item writes' keys.
    @Test func aPrevisionFittedToItsTransactions() throws {
        var state = driven(columns: 100, rows: 30, [.browse(.openSelectedMonth), .browse(.switchPanel)])
        for _ in 0..<20 {
            _ = Core.update(&state, .action(.gesture(.item(.fit))))
            if case let .gesture(news)? = state.status.current?.kind, news.kind == .item(.fit) { break }
            _ = Core.update(&state, .action(.browse(.moveDown)))
        }
        let screen = text(state)
        #expect(screen.contains("Ajusté au réel : "), "\(screen)")
        expectGolden("gesture-fit-100x30", state: state, now: state.now, context: Contexts.colour)
        _ = Core.update(&state, .action(.app(.showHelp)))
        let help = text(state)
        for label in ["Rétablir (modèle)", "Reporter au mois suivant", "Ajuster au réel"] { #expect(help.contains(label), "\(help)") }
        expectGolden("help-line-selected-100x30", state: state, now: state.now, context: Contexts.colour)
    }

    /// Every item write's key is its own on the month panel, offered only where its write
    /// applies (a transaction selected, then a prévision), and its toast and refusal are worded —
    /// a new `ItemWrite` is checked here without a line of its own.
    @Test(arguments: ItemWrite.allCases)
    func anItemWritesKeyIsOfferedWhereItApplies(_ write: ItemWrite) throws {
        let key = try #require(write.binding.keys.first)
        #expect(KeyTable.bindings.filter { $0.scope == .home && $0.keys.contains(key) } == [write.binding], "one meaning for \(key)")
        #expect(KeyTable.message(for: key, in: main(columns: 80, rows: 24)) == .unboundKey, "nothing selected")
        let onTransaction = driven(columns: 80, rows: 24, [.browse(.openSelectedMonth)])
        let onLine = driven(columns: 80, rows: 24, [.browse(.openSelectedMonth), .browse(.switchPanel)])
        #expect([onTransaction, onLine].contains { Core.intent(for: .item(write), in: $0) != nil }, "applies to some row")
        for (state, row) in [(onTransaction, "a transaction"), (onLine, "a prévision")] {
            let offered = Core.intent(for: .item(write), in: state) != nil
            #expect(KeyTable.message(for: key, in: state) == (offered ? .action(.gesture(.item(write))) : .unboundKey), "on \(row)")
        }
        #expect(!write.toast(name: "Migros", what: "Migros — 45.00 CHF").isEmpty)
        #expect(write.stays("Migros", .checked).contains("Migros"))
        #expect(!write.refusedInEnglish.isEmpty)
    }
}
