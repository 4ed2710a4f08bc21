import Foundation
import GRDB
import PulpeDomain

/// A sandbox account. The server keeps only hashes: of the password, and of the expected client
/// key (`keyFingerprint`, see `ClientKey.fingerprint`), never the key itself.
struct SandboxUser: Sendable, Hashable {
    var id: String
    var email: String
    var passwordHash: String
    /// 32 hex characters (16 bytes), what `GET /encryption/salt` returns.
    var keySalt: String
    var kdfIterations: Int
    var keyFingerprint: String
    var payDayOfMonth: Int?
    var currency: Currency
    /// Created by `POST /demo/session`; removed after `DemoAccounts.demoLifetime`.
    var isDemo: Bool
    var createdAt: Date
    /// Whether the apps show the currency selector (`PUT /users/settings`).
    var showCurrencySelector = false

    var settings: UserSettings {
        UserSettings(payDayOfMonth: payDayOfMonth, currency: currency, showCurrencySelector: showCurrencySelector)
    }

    var authUser: AuthUser { AuthUser(id: id, email: email, createdAt: createdAt) }
}
