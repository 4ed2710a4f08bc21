import PulpeDomain

extension PulpeAPIClient {
    /// `POST <auth>/auth/v1/token?grant_type=password`. Bad credentials → `.invalidCredentials`.
    /// Prefer `AuthSessionManager.logIn`, which also stores the session.
    public func passwordGrant(email: String, password: String) async throws(PulpeError) -> AuthSession {
        let body = try APIRequest.jsonBody(PasswordGrantRequest(email: email, password: password))
        return try await perform(APIRequest(.post, .authToken(.password), access: .authServer, body: body))
            .plain(AuthSession.self)
    }

    /// `POST <auth>/auth/v1/token?grant_type=refresh_token`. Never retried: the refresh token is
    /// single-use, and a replay after a lost answer would be refused anyway. A spent or unknown
    /// token → `.unauthorized`.
    public func refreshGrant(refreshToken: String) async throws(PulpeError) -> AuthSession {
        let body = try APIRequest.jsonBody(RefreshGrantRequest(refreshToken: refreshToken))
        var request = APIRequest(.post, .authToken(.refreshToken), access: .authServer, body: body)
        request.retries = false
        return try await perform(request).plain(AuthSession.self)
    }

    /// `POST /api/v1/demo/session {"turnstileToken":""}` → a fresh demo account's session.
    public func demoSession() async throws(PulpeError) -> AuthSession {
        let body = try APIRequest.jsonBody(DemoSessionRequest())
        return try await perform(APIRequest(.post, .api("demo/session"), access: .anonymous, body: body))
            .enveloped(DemoSession.self).session
    }
}
