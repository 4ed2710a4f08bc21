import Foundation
import PulpeCrypto
import PulpeNetworking
import PulpeStore

/// The stretched key kept where the client key is kept (the keyring or the key agent), under the
/// same account with a `#stretch` suffix and the same lifetime, and only while the client key is
/// kept: the shell then opens the data key without Argon2id's ≥ 0.5 s at every command. Forgotten
/// with the client key (`KeptClientKeys.forget`); never in a file.
struct KeptStretches: StretchKeeper {
    let keys: KeptClientKeys

    /// Appended to the user id: an entry `KeptClientKeys.forget` drops with the client key's.
    static let suffix = "#stretch"

    static func entry(_ account: VaultAccount) -> String { account.userId + suffix }

    func kept(for account: VaultAccount, record: KeyStretcher.Record) -> [UInt8]? {
        guard !account.isDemo else { return nil }
        return keys.peek(server: account.server, userId: Self.entry(account)).flatMap(Hex.decode)
    }

    func keep(_ stretched: [UInt8], for account: VaultAccount, record: KeyStretcher.Record) {
        guard !account.isDemo, keys.isKept(server: account.server, userId: account.userId) else { return }
        _ = try? keys.keep(Hex.encode(stretched), server: account.server, userId: Self.entry(account))
    }
}
