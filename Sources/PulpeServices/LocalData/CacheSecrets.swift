import CSecretService
import Foundation
import Logging
import PulpeCrypto
import PulpeStore

/// The second secret (decision 105): where the desktop's Secret Service runs (GNOME
/// Keyring, KWallet), the cache — the replica, every name and amount of the account — is sealed
/// with a key that also needs a random secret kept there, so a copy of the disk opens nothing of
/// it, whatever the PIN. The outbox stays on the data key alone (Argon2id, decision 102): a lost or
/// reset keyring then costs a cache rebuilt from the server, never a queued write.
public struct CacheSecrets: Sendable {
    /// What the Secret Service said.
    public enum Answer: Sendable, Equatable {
        case found([UInt8])
        case missing
        /// No service (no session bus, no libsecret), or it answered an error.
        case unavailable
    }

    /// The service, or nil where there is none to ask (then the cache is sealed with the data key).
    /// One secret per account: two homes of it share the secret, not a key (each home's cache key
    /// also takes its own data key).
    let service: (any SecretService)?

    public init(service: (any SecretService)?) {
        self.service = service
    }

    /// The desktop's service when this process has a session bus and `PULPE_SECRET_SERVICE` is
    /// not `off`; none otherwise (a tmux or SSH session without D-Bus, a container).
    public static func live(environment: [String: String]) -> CacheSecrets {
        let bus = environment["DBUS_SESSION_BUS_ADDRESS"].map { !$0.isEmpty } ?? false
        let allowed = environment["PULPE_SECRET_SERVICE"]?.lowercased() != "off"
        return CacheSecrets(service: bus && allowed ? LibsecretService() : nil)
    }

    /// The key the cache is sealed with for `account`, nil when it must stay locked this run. The
    /// demo's is its data key (its key is public). A real account's: derived from the data key and
    /// the service's secret once one is recorded in the vault (made and recorded at the first
    /// unlock where the service answers); when the service has lost it, a new one is made and the
    /// cache — sealed under the old — is rebuilt from the server; when the service does not
    /// answer, the cache stays locked (the account works from the server, the outbox as always).
    func cacheKey(dataKey: DataKey, account: VaultAccount, vault: DataKeyVault, logger: Logger) -> DataKey? {
        guard !account.isDemo else { return dataKey }
        let recorded = vault.usesCacheSecret()
        guard let service else {
            if recorded { logger.warning("cache: its second secret is in the Secret Service, which this session cannot reach; the cache stays locked") }
            return recorded ? nil : dataKey
        }
        switch service.lookup(account: account.label) {
        case let .found(secret):
            if !recorded { try? vault.recordCacheSecret() }
            return Self.derive(dataKey, secret: secret)
        case .unavailable:
            if recorded { logger.warning("cache: the Secret Service did not answer; the cache stays locked") }
            return recorded ? nil : dataKey
        case .missing:
            var secret = [UInt8](repeating: 0, count: 32)
            guard getentropy(&secret, secret.count) == 0,
                  service.store(secret, account: account.label) else { return recorded ? nil : dataKey }
            if recorded {
                logger.warning("cache: the Secret Service no longer holds its second secret; a new one seals a cache rebuilt from the server (the outbox is untouched)")
            }
            do {
                try vault.recordCacheSecret()
            } catch {
                logger.warning("cache: \(error); sealed with the data key alone")
                return dataKey
            }
            return Self.derive(dataKey, secret: secret)
        }
    }

    /// Two SHA-256s of the data key and the secret: the cache's 64-byte XTS key.
    static func derive(_ dataKey: DataKey, secret: [UInt8]) -> DataKey? {
        let halves = ["pulpe-tui cache key 1", "pulpe-tui cache key 2"].compactMap { label in
            KeyDerivation.sha256Hex(Array(label.utf8) + dataKey.bytes + secret).flatMap(Hex.decode)
        }
        guard halves.count == 2 else { return nil }
        return DataKey(bytes: halves[0] + halves[1])
    }
}
