import Testing
@testable import PulpeCore

@Suite struct OfflineOfferBehindTheSplashTests {
    @Test func theOfferReachesAScreenStillWaitingBehindTheSplash() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.availability(.serviceChecked(.unreachable, at: .milliseconds(10))))
        session.send(.session(.offlineDataChecked(Session.alice)))
        session.fire(.splashMinimum, at: .milliseconds(1200))
        // Alice's cache needs the PIN: the offer waits for `o` (decision 110 opens only a cache without one).
        var network = NetworkUnavailableState(offlineSession: Session.alice)
        network.reachedAtStartUp = true
        #expect(session.state.screen == .networkUnavailable(network))
    }
}
