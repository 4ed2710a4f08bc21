import Testing
@testable import PulpeCore

@Suite struct GlobalActionTests {
    private let size = TerminalSize(columns: 80, rows: 24)

    @Test func quitExitsWithZeroAndFreezesTheState() {
        var state = AppState(screen: .home, terminalSize: size)
        #expect(Core.update(&state, .action(.quit)) == [.quit(exitCode: 0)])
        #expect(state.isQuitting)
        // Nothing happens after quitting, not even a second quit.
        #expect(Core.update(&state, .action(.quit)).isEmpty)
        #expect(Core.update(&state, .action(.showHelp)).isEmpty)
        #expect(state.overlay == nil)
    }

    @Test(arguments: [(InterruptSignal.interrupt, Int32(130)), (.terminate, 143)])
    func signalsQuitWithTheShellStatus(signal: InterruptSignal, code: Int32) {
        var state = AppState(screen: .splash(SplashState(shownAt: .zero)), terminalSize: size)
        #expect(Core.update(&state, .interrupted(signal)) == [.quit(exitCode: code)])
    }

    @Test func helpOpensAndCloses() {
        var state = AppState(screen: .home, terminalSize: size)
        _ = Core.update(&state, .action(.showHelp))
        #expect(state.overlay == .help)
        _ = Core.update(&state, .action(.closeOverlay))
        #expect(state.overlay == nil)
    }

    @Test func redrawAsksForAFullRepaint() {
        var state = AppState(screen: .home, terminalSize: size)
        #expect(Core.update(&state, .action(.redraw)) == [.redrawAll])
    }

    @Test func resizeIsRemembered() {
        var state = AppState(screen: .home, terminalSize: size)
        let small = TerminalSize(columns: 59, rows: 19)
        _ = Core.update(&state, .resized(small))
        #expect(state.terminalSize == small)
        #expect(small.isBelowMinimum)
        #expect(!TerminalSize(columns: 60, rows: 20).isBelowMinimum)
    }
}
