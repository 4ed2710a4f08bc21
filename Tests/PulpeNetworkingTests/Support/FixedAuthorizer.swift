import Clocks
import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

/// A token source with a fixed token and a counted, scripted refresh.
actor FixedAuthorizer: RequestAuthorizer {
    private(set) var token: String
    private var nextTokens: [String]
    private(set) var refreshes: [String] = []

    init(token: String = Fixture.accessToken, refreshesTo nextTokens: [String] = ["access-token-B"]) {
        self.token = token
        self.nextTokens = nextTokens
    }

    func validAccessToken() async throws(PulpeError) -> String { token }

    func refreshAfterRejection(of rejected: String) async throws(PulpeError) -> String {
        refreshes.append(rejected)
        guard !nextTokens.isEmpty else { throw PulpeError(.unauthorized) }
        token = nextTokens.removeFirst()
        return token
    }
}
