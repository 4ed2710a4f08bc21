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
