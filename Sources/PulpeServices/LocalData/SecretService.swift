import CSecretService
import Foundation
import Logging
import PulpeCrypto
import PulpeStore

/// A Secret Service: the real one through libsecret, or a test's.
public protocol SecretService: Sendable {
    func lookup(account: String) -> CacheSecrets.Answer
    func store(_ secret: [UInt8], account: String) -> Bool
}
