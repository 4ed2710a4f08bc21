import Foundation
import Hummingbird
import PulpeCrypto
import PulpeDomain

/// A request that passed the bearer check (and the client-key header check when the route needs it).
struct AuthenticatedRequest: Sendable {
    /// How the `X-Client-Key` compares with the user's key.
    enum KeyStatus: Sendable {
        /// The route does not take a client key (encryption routes).
        case notRequired
        case matching
        /// Well-formed but not the user's key: reads see zeros, writes are refused.
        case wrong
    }

    let user: SandboxUser
    let keyStatus: KeyStatus

    var visibility: AmountVisibility {
        keyStatus == .wrong ? .zeroed : .visible
    }

    /// Writes need the right key (`ERR_ENCRYPTION_KEY_CHECK_FAILED` otherwise).
    func requireWritableKey() throws {
        if keyStatus == .wrong { throw APIError.keyCheckFailed }
    }
}
