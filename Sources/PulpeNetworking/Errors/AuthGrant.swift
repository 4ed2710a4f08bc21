import Foundation
import PulpeDomain

/// The grant a token request used: a 400 means "wrong password" for one and "session over" for the other.
package enum AuthGrant: String, Sendable, Hashable {
    case password
    case refreshToken = "refresh_token"
}
