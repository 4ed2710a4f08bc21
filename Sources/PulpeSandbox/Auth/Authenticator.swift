import Foundation
import Hummingbird
import PulpeCrypto
import PulpeDomain

/// The backend's auth guard (`docs/contract.md` §3, §5), in its order: bearer, then client key.
struct Authenticator: Sendable {
    let services: SandboxServices

    /// - Bearer missing (or not `Bearer <token>`) → 401 `ERR_AUTH_TOKEN_MISSING`;
    ///   unknown token → 401 `ERR_AUTH_TOKEN_INVALID`; expired → 401 `ERR_AUTH_UNAUTHORIZED`.
    /// - With `requiresClientKey`: no header → 403 `ERR_AUTH_CLIENT_KEY_MISSING`; not 64 hex or all
    ///   zeros → 400 `ERR_AUTH_CLIENT_KEY_INVALID`; well-formed but wrong → accepted as `.wrong`.
    func authenticate(_ request: Request, requiresClientKey: Bool = true) async throws -> AuthenticatedRequest {
        guard let token = Self.bearerToken(request.headers[.authorization]) else { throw APIError.tokenMissing }
        let now = services.now
        let found = try await services.read { db -> SandboxUser?? in
            guard let entry = try TokenStore.lookup(accessToken: token, in: db) else { return .none }
            guard Int64(now.timeIntervalSince1970) < entry.expiresAt else { return .some(nil) }
            return .some(try UserStore.find(id: entry.userId, in: db))
        }
        guard let lookedUp = found else { throw APIError.tokenInvalid }
        guard let user = lookedUp else { throw APIError.tokenExpired }
        guard requiresClientKey else { return AuthenticatedRequest(user: user, keyStatus: .notRequired) }
        guard let keyHeader = request.headers[.clientKey] else { throw APIError.clientKeyMissing }
        guard let fingerprint = ClientKey.fingerprint(ofKeyHex: keyHeader) else { throw APIError.clientKeyInvalid }
        return AuthenticatedRequest(user: user, keyStatus: fingerprint == user.keyFingerprint ? .matching : .wrong)
    }

    /// `Bearer <token>`, split on the first space like the backend (`Bearer` is case-sensitive).
    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "Bearer", !parts[1].isEmpty else { return nil }
        return String(parts[1])
    }
}
