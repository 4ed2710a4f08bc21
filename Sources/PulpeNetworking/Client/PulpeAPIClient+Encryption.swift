import PulpeDomain

extension PulpeAPIClient {
    /// `GET /api/v1/encryption/salt` (bearer only, not enveloped).
    public func encryptionSalt() async throws(PulpeError) -> EncryptionSalt {
        try await perform(APIRequest(.get, .api("encryption/salt"), access: .bearer)).plain(EncryptionSalt.self)
    }

    /// `POST /api/v1/encryption/validate-key {"clientKey"}` → 204 when right.
    /// Wrong key → `.wrongClientKey`; throttled (5 a minute) → `.rateLimited`. Never retried: each
    /// call spends one of those five.
    public func validateClientKey(_ clientKey: String) async throws(PulpeError) {
        let body = try APIRequest.jsonBody(ClientKeyValidationRequest(clientKey: clientKey))
        _ = try await perform(APIRequest(.post, .api("encryption/validate-key"), access: .bearer, body: body))
    }
}
