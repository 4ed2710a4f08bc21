import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

/// A logged-in account and the headers its requests need.
struct SignedInUser: Sendable {
    let id: String
    let email: String
    let clientKey: String
    let session: AuthSession

    /// Bearer + the right client key.
    var headers: [String: String] {
        ["Authorization": "Bearer \(session.accessToken)", "X-Client-Key": clientKey]
    }

    /// Bearer + a well-formed wrong key.
    var wrongKeyHeaders: [String: String] {
        ["Authorization": "Bearer \(session.accessToken)", "X-Client-Key": TestSandbox.wrongKey]
    }

    var bearerOnly: [String: String] {
        ["Authorization": "Bearer \(session.accessToken)"]
    }
}
