import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// The quick-add form's keys come from the one key table: input, footer and help.
@Suite struct QuickAddKeyTableTests {
    private let settings = UserSettings(payDayOfMonth: 25, currency: .chf)
    private let session = SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: true)

    private func browsing(focus: PanelFocus = .month) -> AppState {
        var browse = BrowseState(today: CalendarDay(year: 2026, month: 11, day: 21)!, settings: settings)
        browse.focus = focus
        return AppState.at(home: HomeState(session: session, settings: .loaded(settings), browse: browse), columns: 80, rows: 24)
    }

    private func withForm(_ configure: (inout QuickAddForm) -> Void = { _ in }) -> AppState {
        var state = browsing()
        var form = QuickAddForm(date: CalendarDay(year: 2026, month: 11, day: 21)!)
        configure(&form)
        guard case .home = state.screen, var home = state.home else { return state }
        home.quickAdd = form
        state.home = home
        return state
    }

    @Test func aOpensTheFormFromBothPanelsOnly() {
        #expect(KeyTable.message(for: .char("a"), in: browsing()) == .action(.quickAdd(.open)))
        #expect(KeyTable.message(for: .char("a"), in: browsing(focus: .year)) == .action(.quickAdd(.open)))
        let bare = AppState.at(home: .alice, columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char("a"), in: bare) == .unboundKey, "no panels yet")
        #expect(KeyTable.footer(for: browsing()).contains { $0.action == .quickAdd(.open) && $0.label == "Ajouter" })
    }

    @Test func theAmountAndDescriptionTakeEveryPrintableKey() {
        let state = withForm()
        for character in "q?a+-*/ 1é" {
            #expect(KeyTable.message(for: .char(character), in: state) == .text(.insert(character)))
        }
        #expect(KeyTable.message(for: .tab, in: state) == .action(.quickAdd(.nextField)))
        #expect(KeyTable.message(for: .backTab, in: state) == .action(.quickAdd(.previousField)))
        #expect(KeyTable.message(for: .enter, in: state) == .action(.quickAdd(.submit)))
        #expect(KeyTable.message(for: .escape, in: state) == .action(.quickAdd(.cancel)))
        #expect(KeyTable.message(for: .function(1), in: state) == .action(.app(.showHelp)))
        #expect(KeyTable.message(for: .ctrl("c"), in: state) == .action(.app(.quit)))
    }

    @Test func readlineKeysEditTheFocusedField() {
        let state = withForm { $0.focus = .description }
        let expected: [(Key, TextEdit)] = [
            (.left, .moveLeft), (.right, .moveRight), (.home, .moveToStart), (.end, .moveToEnd),
            (.ctrl("a"), .moveToStart), (.ctrl("e"), .moveToEnd), (.ctrl("u"), .deleteToStart), (.ctrl("k"), .deleteToEnd),
            (.ctrl("w"), .deleteWordBackward), (.backspace, .deleteBackward), (.delete, .deleteForward),
        ]
        for (key, edit) in expected {
            #expect(KeyTable.message(for: key, in: state) == .text(edit), "\(key)")
        }
    }

    @Test func theOtherFieldsHaveTheirOwnKeys() {
        let kind = withForm { $0.focus = .kind }
        #expect(KeyTable.message(for: .char(" "), in: kind) == .action(.quickAdd(.nextKind)))
        #expect(KeyTable.message(for: .right, in: kind) == .action(.quickAdd(.nextKind)))
        #expect(KeyTable.message(for: .left, in: kind) == .action(.quickAdd(.previousKind)))
        #expect(KeyTable.message(for: .char("q"), in: kind) == .unboundKey, "no quitting from a form by accident")
        let date = withForm { $0.focus = .date }
        #expect(KeyTable.message(for: .char("-"), in: date) == .action(.quickAdd(.previousDay)))
        #expect(KeyTable.message(for: .char("+"), in: date) == .action(.quickAdd(.nextDay)))
        let checked = withForm { $0.focus = .checked }
        #expect(KeyTable.message(for: .char(" "), in: checked) == .action(.quickAdd(.toggleChecked)))
        #expect(KeyTable.message(for: .enter, in: checked) == .action(.quickAdd(.submit)), "Enter saves from any field")
    }

    @Test func theQuestionHearsOnlyYesOrNo() {
        let state = withForm {
            $0.amount.text = "12"
            $0.isConfirmingDiscard = true
        }
        #expect(KeyTable.message(for: .char("o"), in: state) == .action(.quickAdd(.confirmDiscard)))
        #expect(KeyTable.message(for: .enter, in: state) == .action(.quickAdd(.confirmDiscard)))
        #expect(KeyTable.message(for: .char("n"), in: state) == .action(.quickAdd(.keepEditing)))
        #expect(KeyTable.message(for: .escape, in: state) == .action(.quickAdd(.keepEditing)))
        #expect(KeyTable.message(for: .char("x"), in: state) == .unboundKey)
        #expect(KeyTable.footer(for: state).map(\.label) == ["Abandonner", "Continuer la saisie"])
    }

    @Test func footerAndHelpListTheFormsKeys() {
        #expect(KeyTable.footer(for: withForm()).map(\.label) == ["Enregistrer", "Champ suivant", "Annuler", "Aide"])
        #expect(KeyTable.footer(for: withForm { $0.focus = .date }).map(\.label)
            == ["Veille", "Lendemain", "Enregistrer", "Champ suivant", "Annuler", "Aide"])
        var help = withForm { $0.focus = .kind }
        help.overlay = .help
        #expect(KeyTable.help(for: help).map(\.label)
            == ["Type précédent", "Changer le type", "Enregistrer", "Champ suivant", "Champ précédent", "Annuler", "Aide", "Quitter"])
        #expect(KeyTable.message(for: .escape, in: help) == .action(.app(.closeOverlay)))
    }
}
