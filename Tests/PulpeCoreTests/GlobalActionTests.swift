import PulpeDomain
import Testing
@testable import PulpeCore

@Suite struct GlobalActionTests {
    @Test func quitExitsWithZeroAndFreezesTheState() {
        var session = Session.atHome()
        #expect(session.send(.action(.app(.quit))) == [.quit(exitCode: 0)])
        #expect(session.state.isQuitting)
        #expect(session.send(.action(.app(.quit))).isEmpty)
        #expect(session.send(.action(.app(.showHelp))).isEmpty)
        #expect(session.state.overlay == nil)
    }

    @Test(arguments: [(InterruptSignal.interrupt, Int32(130)), (.terminate, 143), (.hangUp, 129)])
    func signalsQuitFromAnyScreenWithTheShellStatus(signal: InterruptSignal, code: Int32) {
        for var session in [Session(), Session.pastSplash(), Session.atHome()] {
            #expect(session.send(.interrupted(signal)) == [.quit(exitCode: code)])
        }
    }

    @Test func quitFromMaintenanceAndNetworkScreens() {
        var maintenance = Session.pastSplash()
        maintenance.send(.availability(.serviceChecked(.maintenance(message: nil), at: .seconds(2))))
        #expect(maintenance.send(.action(.app(.quit))) == [.quit(exitCode: 0)])
        var network = Session.pastSplash()
        network.send(.availability(.serviceChecked(.unreachable, at: .seconds(2))))
        #expect(network.send(.action(.app(.quit))) == [.quit(exitCode: 0)])
    }

    @Test func helpOpensAndCloses() {
        var session = Session.atHome()
        session.send(.action(.app(.showHelp)))
        #expect(session.state.overlay == .help)
        session.send(.action(.app(.closeOverlay)))
        #expect(session.state.overlay == nil)
    }

    @Test func redrawAsksForAFullRepaint() {
        var session = Session.atHome()
        #expect(session.send(.action(.app(.redraw))) == [.redrawAll])
    }

    @Test func resizeIsRemembered() {
        var session = Session.atHome()
        let small = Size(width: 59, height: 19)
        session.send(.resized(small))
        #expect(session.state.terminalSize == small)
        #expect(small.isBelowMinimum)
        #expect(!Size(width: 60, height: 20).isBelowMinimum)
    }

    @Test func effectsNeverPrintSecrets() {
        #expect(Effect.session(.logIn(email: "a@b.ch", password: "hunter2")).description == "logIn(<redacted>)")
        #expect(Effect.session(.unlock(pin: "1234")).description == "unlock(<redacted>)")
    }
}
