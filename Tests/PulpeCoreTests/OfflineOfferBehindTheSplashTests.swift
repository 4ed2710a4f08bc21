import Testing
@testable import PulpeCore

@Suite struct OfflineOfferBehindTheSplashTests {
    @Test func theOfferReachesAScreenStillWaitingBehindTheSplash() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.availability(.serviceChecked(.unreachable, at: .milliseconds(10))))
        session.send(.session(.offlineDataChecked(Session.alice)))
        session.fire(.splashMinimum, at: .milliseconds(1200))
        #expect(session.state.screen == .networkUnavailable(NetworkUnavailableState(offlineSession: Session.alice)))
    }
}
