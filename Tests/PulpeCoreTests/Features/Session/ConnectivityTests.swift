import Testing
@testable import PulpeCore

@Suite struct ConnectivityTests {
    @Test func theOfflineBadgeFollowsTheMonitor() {
        var session = Session.atHome()
        session.send(.availability(.connectivityChanged(offline: true)))
        #expect(session.state.isOffline)
        session.send(.availability(.connectivityChanged(offline: false)))
        #expect(!session.state.isOffline)
    }
}
