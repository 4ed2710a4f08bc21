import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

@Suite struct KeyTableTests {
    private let home = AppState.at(home: .alice, columns: 80, rows: 24)

    @Test func homeKeysResolveToActions() {
        #expect(KeyTable.message(for: .char("q"), in: home) == .action(.app(.quit)))
        #expect(KeyTable.message(for: .char("?"), in: home) == .action(.app(.showHelp)))
        #expect(KeyTable.message(for: .ctrl("l"), in: home) == .action(.app(.redraw)))
        #expect(KeyTable.message(for: .char("x"), in: home) == .unboundKey)
    }

    @Test func theHelpOverlayTakesTheKeys() {
        var state = home
        state.overlay = .help
        #expect(KeyTable.message(for: .escape, in: state) == .action(.app(.closeOverlay)))
        #expect(KeyTable.message(for: .char("?"), in: state) == .action(.app(.closeOverlay)))
        #expect(KeyTable.message(for: .char("q"), in: state) == .action(.app(.closeOverlay)))
        #expect(KeyTable.message(for: .ctrl("l"), in: state) == .action(.app(.redraw)), "a repaint, even over the help")
    }

    /// A terminal garbled by another program's output is repainted without closing anything first.
    @Test func ctrlLRepaintsOverEveryOverlayAndInEveryForm() {
        var states: [AppState] = [AppState.at(.login(LoginForm()), columns: 80, rows: 24),
                                  AppState.at(.splash(SplashState(shownAt: .zero)), columns: 80, rows: 24)]
        for overlay: Overlay in [.help, .pendingList(selected: 0), .confirm(.quitWithPending(count: 1))] {
            var state = home
            state.overlay = overlay
            states.append(state)
        }
        for state in states {
            #expect(KeyTable.message(for: .ctrl("l"), in: state) == .action(.app(.redraw)), "\(state.screen) \(String(describing: state.overlay))")
        }
    }

    @Test func onTheSplashQuitStillWorksAndOtherKeysSkip() {
        let state = AppState.at(.splash(SplashState(shownAt: .zero)), columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char("q"), in: state) == .action(.app(.quit)))
        #expect(KeyTable.message(for: .enter, in: state) == .action(.startup(.skipSplash)))
        #expect(KeyTable.message(for: .char("z"), in: state) == .unboundKey)
    }

    @Test func maintenanceRetriesWithBothCases() {
        let state = AppState.at(.maintenance(MaintenanceState(shownAt: .zero)), columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char("R"), in: state) == .action(.startup(.retry)))
        #expect(KeyTable.message(for: .char("r"), in: state) == .action(.startup(.retry)))
        #expect(KeyTable.message(for: .char("q"), in: state) == .action(.app(.quit)))
    }

    @Test func offlineBrowsingIsOfferedOnlyWithACache() {
        let without = AppState.at(.networkUnavailable(NetworkUnavailableState()), columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char("o"), in: without) == .unboundKey)
        #expect(!KeyTable.footer(for: without).map(\.label).contains("Continuer hors ligne"))
        let with = AppState.at(.networkUnavailable(NetworkUnavailableState(offlineSession: SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: false))), columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char("o"), in: with) == .action(.startup(.continueOffline)))
        #expect(KeyTable.footer(for: with).map(\.label).contains("Continuer hors ligne"))
    }

    @Test func maintenanceOffersOfflineBrowsingOnlyWithACache() {
        let without = AppState.at(.maintenance(MaintenanceState(shownAt: .zero)), columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char("o"), in: without) == .unboundKey)
        #expect(!KeyTable.footer(for: without).map(\.label).contains("Continuer hors ligne"))
        #expect(!KeyTable.help(for: without).map(\.label).contains("Continuer hors ligne"))
        var cached = MaintenanceState(shownAt: .zero)
        cached.offlineSession = SessionSummary(email: "demo@pulpe.local", isDemo: true, isUnlocked: false)
        let with = AppState.at(.maintenance(cached), columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char("o"), in: with) == .action(.startup(.continueOffline)))
        #expect(KeyTable.footer(for: with).map(\.label).contains("Continuer hors ligne"))
        #expect(KeyTable.help(for: with).map(\.label).contains("Continuer hors ligne"))
    }

    @Test func formsTakeTextSoQIsALetterThere() {
        let login = AppState.at(.login(LoginForm()), columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char("q"), in: login) == .text(.insert("q")))
        #expect(KeyTable.message(for: .char("?"), in: login) == .text(.insert("?")))
        #expect(KeyTable.message(for: .backspace, in: login) == .text(.deleteBackward))
        #expect(KeyTable.message(for: .ctrl("u"), in: login) == .text(.clear))
        #expect(KeyTable.message(for: .tab, in: login) == .action(.login(.nextField)))
        #expect(KeyTable.message(for: .enter, in: login) == .action(.login(.submit)))
        #expect(KeyTable.message(for: .ctrl("d"), in: login) == .action(.login(.startDemo)))
        let pin = AppState.at(.pin(PinForm(email: "a@b.ch")), columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char("7"), in: pin) == .text(.insert("7")))
        #expect(KeyTable.message(for: .escape, in: pin) == .action(.pin(.signOut)))
    }

    /// `L` locks a password session at once (decision 43); a demo session has nothing to lock.
    @Test func theLockKeyIsAPasswordSessionsOnly() {
        var password = home
        password.session = SessionSummary(email: "alice@example.ch", isDemo: false, isUnlocked: true)
        #expect(KeyTable.message(for: .char("L"), in: password) == .action(.app(.lockNow)))
        #expect(KeyTable.help(for: password).map(\.label).contains("Verrouiller"))
        var demo = home
        demo.session = SessionSummary(email: "demo@pulpe.local", isDemo: true, isUnlocked: true)
        #expect(KeyTable.message(for: .char("L"), in: demo) != .action(.app(.lockNow)))
    }

    @Test func footerAndHelpComeFromTheSameTable() {
        #expect(KeyTable.footer(for: home).map(\.label) == ["Actualiser", "Aide", "Quitter"])
        var state = home
        state.overlay = .help
        #expect(KeyTable.help(for: state).map(\.label)
            == ["Actualiser", "Se déconnecter · Changer de compte", "Aide", "Quitter", "Redessiner l'écran"])
        #expect(KeyTable.footer(for: state).map(\.label) == ["Fermer l'aide"])
    }

    @Test func theYearPanelNamesItsKeysForWhatTheyDoThere() {
        let settings = UserSettings(payDayOfMonth: 25, currency: .chf)
        var browse = BrowseState(today: CalendarDay(year: 2026, month: 11, day: 21)!, settings: settings)
        browse.focus = .year
        let session = SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: true)
        var state = AppState.at(home: (HomeState(session: session, settings: .loaded(settings), browse: browse)),
                                columns: 120, rows: 40)
        #expect(KeyTable.message(for: .char("["), in: state) == .action(.browse(.previousMonth)), "the core turns it into a year")
        let footer = KeyTable.footer(for: state).map(\.label)
        #expect(footer.starts(with: ["Année préc.", "Année suiv.", "Ouvrir"]))
        #expect(!footer.contains("Mois préc.") && !footer.contains("Mois suiv."))
        state.overlay = .help
        let help = KeyTable.help(for: state).map(\.label)
        #expect(help.contains("Rangée du dessus") && !help.contains("Monter"), "shadowed keys are named once")
        #expect(Set(KeyTable.help(for: state).flatMap(\.keys)).count == KeyTable.help(for: state).flatMap(\.keys).count)
    }

    @Test func noKeyIsBoundTwiceInOneScope() {
        for scope in KeyScope.allCases {
            let keys = KeyTable.bindings.filter { $0.scope == scope }.flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "duplicate key in \(scope)")
        }
    }
}
