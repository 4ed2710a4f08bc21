import Foundation
import GRDB
import PulpeCrypto
import PulpeDomain

/// Creates demo accounts: the persistent login account, and the ephemeral ones behind
/// `POST /demo/session`.
enum DemoAccounts {
    static let kdfIterations = 600_000
    /// Demo-session accounts are deleted after a day, like the backend's cleanup job.
    static let demoLifetime: TimeInterval = 24 * 3600

    /// Creates `DemoAccount` with its demo data when the database has no user yet (first start of a
    /// data directory). The expected client key is derived once here; only its fingerprint is kept.
    static func seedLoginAccountIfEmpty(services: SandboxServices) async throws {
        guard try await services.read({ db in try UserStore.count(in: db) }) == 0 else { return }
        let salt = Secrets.randomHex(bytes: 16)
        let key = try ClientKey.derive(pin: DemoAccount.pin, saltHex: salt, iterations: kdfIterations)
        guard let fingerprint = ClientKey.fingerprint(ofKeyHex: key) else { return }
        let passwordHash = try PasswordHasher.hash(DemoAccount.password)
        let now = services.now
        let data = services.demoData()
        try await services.write { db in
            guard try UserStore.count(in: db) == 0 else { return }
            let user = SandboxUser(id: UUIDText.random(), email: DemoAccount.email, passwordHash: passwordHash, keySalt: salt,
                                   kdfIterations: kdfIterations, keyFingerprint: fingerprint,
                                   payDayOfMonth: DemoAccount.payDayOfMonth, currency: .chf, isDemo: false, createdAt: now)
            try UserStore.insert(user, in: db)
            try DemoSeed.insert(data.owned(by: user.id), now: now, in: db)
        }
        services.logger.info("created demo account", metadata: ["email": .string(DemoAccount.email)])
    }

    /// A fresh demo account with the seeded data and the public demo key, and its first session.
    static func createDemoSession(services: SandboxServices) async throws -> AuthSession {
        let now = services.now
        let data = services.demoData()
        let passwordHash = try PasswordHasher.hash(Secrets.randomHex(bytes: 24))
        let ttl = services.tokenTTLSeconds
        guard let fingerprint = ClientKey.fingerprint(ofKeyHex: DemoSession.clientKey) else { throw APIError.internalError }
        return try await services.write { db in
            try UserStore.deleteDemoUsers(createdBefore: now.addingTimeInterval(-demoLifetime), in: db)
            let id = UUIDText.random()
            let user = SandboxUser(id: id, email: "demo-\(id.prefix(8))@demo.pulpe.local", passwordHash: passwordHash,
                                   keySalt: Secrets.randomHex(bytes: 16), kdfIterations: kdfIterations,
                                   keyFingerprint: fingerprint, payDayOfMonth: DemoSeed.payDay, currency: .chf,
                                   isDemo: true, createdAt: now)
            try UserStore.insert(user, in: db)
            try DemoSeed.insert(data.owned(by: user.id), now: now, in: db)
            return try TokenStore.issue(for: user, now: now, ttlSeconds: ttl, in: db)
        }
    }
}

extension DemoData {
    /// The same data with every budget given to `userId` (generated before the account exists, so the
    /// expensive part runs outside the write transaction).
    func owned(by userId: String) -> DemoData {
        var copy = self
        copy.budgets = budgets.map { budget in
            var owned = budget
            owned.userId = userId
            return owned
        }
        return copy
    }
}
