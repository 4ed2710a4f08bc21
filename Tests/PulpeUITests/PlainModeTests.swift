import PulpeCore
import PulpeDomain
import PulpeTerminal
@testable import PulpeUI
import Testing
import Foundation
import PulpeTestSupport

/// `--plain`: status changes as plain sentences, never a spinner.
@Suite struct PlainModeTests {
    @Test func theStatusLineSpeaksInSentencesWithoutASpinner() {
        let plain = ViewContext(capabilities: Contexts.colour.capabilities, animations: Contexts.animations, plain: true)
        var state = AppState.at(home: .alice, columns: 80, rows: 24)
        state.status.post(StatusEntry(.loadingMonth), now: .zero)
        let frame = RootView.render(state, now: .milliseconds(400), context: plain)
        #expect(frame.buffer.textLines()[22].hasPrefix(" Chargement du mois en cours."))
        #expect(frame.nextRedraw == nil, "nothing moves in plain mode")
        #expect(plain.capabilities.reducedMotion)
    }
}
