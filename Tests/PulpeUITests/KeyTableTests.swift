import PulpeCore
import PulpeTerminal
import Testing
@testable import PulpeUI

@Suite struct KeyTableTests {
    private let home = AppState.at(.home, columns: 80, rows: 24)

    @Test func homeKeysResolveToActions() {
        #expect(KeyTable.message(for: .char("q"), in: home) == .action(.quit))
        #expect(KeyTable.message(for: .char("?"), in: home) == .action(.showHelp))
        #expect(KeyTable.message(for: .ctrl("l"), in: home) == .action(.redraw))
        #expect(KeyTable.message(for: .char("x"), in: home) == .unboundKey)
    }

    @Test func theHelpOverlayTakesTheKeys() {
        var state = home
        state.overlay = .help
        #expect(KeyTable.message(for: .escape, in: state) == .action(.closeOverlay))
        #expect(KeyTable.message(for: .char("?"), in: state) == .action(.closeOverlay))
        #expect(KeyTable.message(for: .char("q"), in: state) == .action(.closeOverlay))
        #expect(KeyTable.message(for: .ctrl("l"), in: state) == .unboundKey)
    }

    @Test func onTheSplashQuitStillWorksAndOtherKeysSkip() {
        let state = AppState.at(.splash(SplashState(shownAt: .zero)), columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char("q"), in: state) == .action(.quit))
        #expect(KeyTable.message(for: .enter, in: state) == .action(.skipSplash))
        #expect(KeyTable.message(for: .char("z"), in: state) == .unboundKey)
    }

    @Test func footerAndHelpComeFromTheSameTable() {
        #expect(KeyTable.footer(for: home).map(\.label) == ["Aide", "Quitter"])
        var state = home
        state.overlay = .help
        #expect(KeyTable.help(for: state).map(\.label) == ["Aide", "Quitter", "Redessiner l'écran"])
        #expect(KeyTable.footer(for: state).map(\.label) == ["Fermer l'aide"])
    }

    @Test func noKeyIsBoundTwiceInOneScope() {
        let scopes: [KeyScope] = [.global, .splash, .home, .help]
        for scope in scopes {
            let keys = KeyTable.bindings.filter { $0.scope == scope }.flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "duplicate key in \(scope)")
        }
    }
}
