import Foundation
import PulpeDomain

/// A change of the client's key, as `PulpeAPIClient.observeClientKey` reports it.
public enum ClientKeyChange: Sendable, Hashable {
    /// A validated key is installed (a PIN, a kept key, the demo's).
    case installed(String)
    /// The key is forgotten: a lock, a sign-in or a sign-out.
    case forgotten
    /// The server refused the key (the PIN changed elsewhere).
    case refused
}
