import Foundation
import PulpeDomain

/// Which server answered, because the auth server (Supabase GoTrue) and the backend shape their
/// errors differently.
package enum ErrorFamily: Sendable, Hashable {
    /// The Pulpe backend (or the sandbox): `APIErrorBody` in all its shapes (§2).
    case api
    /// The auth server's token endpoint: `AuthErrorBody`, or the gateway's `{"message","hint"}`.
    case authServer(AuthGrant)
}
