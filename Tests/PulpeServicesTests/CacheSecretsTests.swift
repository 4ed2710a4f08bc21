import Foundation
import Logging
import PulpeStore
import Synchronization
import Testing
@testable import PulpeServices

/// The cache's second secret (decision 105): made and recorded at the first open where a Secret
/// Service answers; the same key while it holds the secret; the cache locked (never sealed with
/// less) while it cannot be asked; a new secret — and a cache rebuilt — when it lost it; the demo
/// and a machine without a service keep the data key.
@Suite struct CacheSecretsTests {
    final class FakeService: SecretService, Sendable {
        let secrets = Mutex<[String: [UInt8]]>([:])
        let answering = Mutex(true)
        func lookup(account: String) -> CacheSecrets.Answer {
            guard answering.withLock({ $0 }) else { return .unavailable }
            return secrets.withLock { $0[account] }.map(CacheSecrets.Answer.found) ?? .missing
        }
        func store(_ secret: [UInt8], account: String) -> Bool {
            guard answering.withLock({ $0 }) else { return false }
            secrets.withLock { $0[account] = secret }
            return true
        }
    }

    static let logger = Logger(label: "test")

    static func vaultWithKey() throws -> (DataKeyVault, DataKey) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-cache-secret-\(UUID().uuidString)/data-key.json").path
        let vault = DataKeyVault(path: path, stretcher: DataKeyStretchTests.cheap())
        let key = try vault.dataKey(clientKey: DataKeyVaultTests.pinA, account: DataKeyVaultTests.accountA).key
        return (vault, key)
    }

    @Test func madeOnceThenTheSameKeyWhileTheServiceHoldsIt() throws {
        let (vault, dataKey) = try Self.vaultWithKey()
        let service = FakeService()
        let secrets = CacheSecrets(service: service)
        let first = try #require(secrets.cacheKey(dataKey: dataKey, account: DataKeyVaultTests.accountA, vault: vault, logger: Self.logger))
        #expect(first != dataKey && vault.usesCacheSecret())
        #expect(secrets.cacheKey(dataKey: dataKey, account: DataKeyVaultTests.accountA, vault: vault, logger: Self.logger) == first)
        // Another home of the same account (its own data key): the same secret, another key.
        let (otherVault, otherKey) = try Self.vaultWithKey()
        #expect(secrets.cacheKey(dataKey: otherKey, account: DataKeyVaultTests.accountA, vault: otherVault, logger: Self.logger) != first)
        #expect(service.secrets.withLock { $0.count } == 1)
    }

    /// Recorded, then a session without the service (SSH, tmux without D-Bus): the cache stays
    /// locked rather than being sealed again with the data key alone.
    @Test func withoutTheServiceARecordedCacheStaysLocked() throws {
        let (vault, dataKey) = try Self.vaultWithKey()
        let service = FakeService()
        _ = CacheSecrets(service: service).cacheKey(dataKey: dataKey, account: DataKeyVaultTests.accountA, vault: vault,
                                                               logger: Self.logger)
        #expect(CacheSecrets(service: nil).cacheKey(dataKey: dataKey, account: DataKeyVaultTests.accountA, vault: vault,
                                                               logger: Self.logger) == nil)
        service.answering.withLock { $0 = false }
        #expect(CacheSecrets(service: service).cacheKey(dataKey: dataKey, account: DataKeyVaultTests.accountA, vault: vault,
                                                                   logger: Self.logger) == nil)
    }

    /// The keyring reset: a new secret, a new key (the cache under the old one is rebuilt); the
    /// data key — the outbox's — is the same.
    @Test func aLostSecretIsMadeAgainAndOnlyTheCacheChanges() throws {
        let (vault, dataKey) = try Self.vaultWithKey()
        let service = FakeService()
        let secrets = CacheSecrets(service: service)
        let before = secrets.cacheKey(dataKey: dataKey, account: DataKeyVaultTests.accountA, vault: vault, logger: Self.logger)
        service.secrets.withLock { $0.removeAll() }
        let after = secrets.cacheKey(dataKey: dataKey, account: DataKeyVaultTests.accountA, vault: vault, logger: Self.logger)
        #expect(after != nil && after != before && after != dataKey)
        #expect(try vault.dataKey(clientKey: DataKeyVaultTests.pinA, account: DataKeyVaultTests.accountA) == .opened(dataKey))
    }

    @Test func noServiceAndTheDemoKeepTheDataKey() throws {
        let (vault, dataKey) = try Self.vaultWithKey()
        #expect(CacheSecrets(service: nil).cacheKey(dataKey: dataKey, account: DataKeyVaultTests.accountA, vault: vault,
                                                               logger: Self.logger) == dataKey)
        #expect(!vault.usesCacheSecret())
        let demo = VaultAccount(server: "https://pulpe.example", userId: "", isDemo: true)
        #expect(CacheSecrets(service: FakeService()).cacheKey(dataKey: dataKey, account: demo, vault: vault,
                                                                         logger: Self.logger) == dataKey)
    }

    /// A PIN changed elsewhere re-wraps the same data key: the record stays, so the cache key too.
    @Test func aReWrapKeepsTheRecord() throws {
        let (vault, dataKey) = try Self.vaultWithKey()
        _ = CacheSecrets(service: FakeService()).cacheKey(dataKey: dataKey, account: DataKeyVaultTests.accountA,
                                                                     vault: vault, logger: Self.logger)
        _ = try vault.dataKey(clientKey: DataKeyVaultTests.pinB, account: DataKeyVaultTests.accountA,
                              previousClientKey: DataKeyVaultTests.pinA)
        #expect(vault.usesCacheSecret())
    }

    /// The environment decides whether the desktop's service is asked at all.
    @Test func theServiceIsAskedOnlyWithASessionBusAndNotSwitchedOff() {
        #expect(CacheSecrets.live(environment: [:]).service == nil)
        #expect(CacheSecrets.live(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]).service != nil)
        #expect(CacheSecrets.live(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x", "PULPE_SECRET_SERVICE": "off"])
            .service == nil)
    }
}
