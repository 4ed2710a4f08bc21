/// Supplies bearer tokens to the client (the `AuthSessionManager`).
///
/// The client owns its authorizer; the session manager refers back to the client weakly, so the
/// two never keep each other alive.
public protocol RequestAuthorizer: Sendable {
    /// An access token that stays valid for a while (refreshed first when about to expire).
    /// Throws `.unauthorized` when there is no session.
    func validAccessToken() async throws(PulpeError) -> String

    /// Called after the server refused `token` with a 401: a fresh token, refreshing once (or the
    /// token another caller already refreshed to). Throws `.unauthorized` when the session is over.
    func refreshAfterRejection(of token: String) async throws(PulpeError) -> String
}
