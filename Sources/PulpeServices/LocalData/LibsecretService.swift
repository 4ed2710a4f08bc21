import CSecretService
import Foundation
import Logging
import PulpeCrypto
import PulpeStore

/// libsecret, opened on first use (`CSecretService`); the secret kept as 64 hex under the schema
/// `app.pulpe.tui.CacheSecret` with the account (server and user) as its attribute.
struct LibsecretService: SecretService {
    func lookup(account: String) -> CacheSecrets.Answer {
        var buffer = [CChar](repeating: 0, count: 128)
        let status = pss_lookup(account, &buffer, buffer.count)
        defer { for index in buffer.indices { buffer[index] = 0 } }
        switch status {
        case 1:
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let secret = Hex.decode(text), secret.count == 32 else { return .missing }
            return .found(secret)
        case 0: return .missing
        default: return .unavailable
        }
    }

    func store(_ secret: [UInt8], account: String) -> Bool {
        pss_store(account, "pulpe-tui: the local cache's second secret", Hex.encode(secret)) == 1
    }
}
