import Foundation
import PulpeCrypto
import PulpeDomain
import Synchronization

/// The slow step between a client key and the data key's wrap (decision 102): Argon2id
/// of the client key with the vault's salt, so that a copy of the disk costs ≥ 0.5 s and ≥ 64 MiB
/// per PIN guessed, where PBKDF2 alone cost 0.14 s and no memory.
///
/// Paid once per key: the result is remembered in this process, and — while the client key is
/// kept for the shell — where the client key is kept (`StretchKeeper`: the keyring or the key
/// agent, never a file), so `pulpe add` and `pulpe month` open the data key without paying it.
/// A remembered result is only a shortcut: the wrap's key also takes the client key itself, so a
/// stale one (another PIN, another salt) opens nothing and the derivation is run again.
public final class KeyStretcher: Sendable {
    /// The cost written into new vaults.
    public let cost: MemoryHardKDF.Cost
    let keeper: (any StretchKeeper)?
    /// Argon2id (a test counts its calls).
    let derive: @Sendable (_ secret: [UInt8], _ salt: [UInt8], MemoryHardKDF.Cost) throws -> [UInt8]
    /// "client key|salt|cost" → the derived bytes, for this process's life.
    private let remembered = Mutex<[String: [UInt8]]>([:])

    public init(cost: MemoryHardKDF.Cost = .standard, keeper: (any StretchKeeper)? = nil,
                derive: @escaping @Sendable ([UInt8], [UInt8], MemoryHardKDF.Cost) throws -> [UInt8] = {
                    try MemoryHardKDF.argon2id(secret: $0, salt: $1, cost: $2)
                }) {
        self.cost = cost
        self.keeper = keeper
        self.derive = derive
    }

    /// What a vault records to stretch its client keys again.
    public struct Record: Codable, Hashable, Sendable {
        /// 16 random bytes, hex.
        public var salt: String
        public var cost: MemoryHardKDF.Cost
    }

    /// A new record at this stretcher's cost; nil without randomness.
    func newRecord() -> Record? {
        var salt = [UInt8](repeating: 0, count: 16)
        guard getentropy(&salt, salt.count) == 0 else { return nil }
        return Record(salt: Hex.encode(salt), cost: cost)
    }

    /// The keys that may wrap a data key for `clientKey` under `record`, to try in order:
    /// SHA-256(label ‖ Argon2id(client key, salt) ‖ client key) from what this process or the
    /// keeper remembers, then — only if that one was the keeper's and opens nothing — derived
    /// again. Empty for a malformed key or record, or without libargon2.
    func wrappingKeys(_ clientKey: String, record: Record, account: VaultAccount?) -> some Sequence<[UInt8]> {
        let name = Self.name(clientKey, record)
        let key = ClientKey.bytes(ofKeyHex: clientKey)
        let known = remembered.withLock { $0[name] }
        let kept = known == nil ? account.flatMap { keeper?.kept(for: $0, record: record) } : nil
        // Lazily, to be iterated one at a time: the derivation (≥ 0.5 s) runs only when what was
        // remembered opened nothing.
        return [0, 1].lazy.compactMap { attempt -> [UInt8]? in
            guard let key else { return nil }
            let stretched: [UInt8]?
            if attempt == 0 {
                stretched = known ?? kept ?? self.derived(key, record: record, name: name, account: account)
            } else {
                guard known == nil, kept != nil else { return nil }
                stretched = self.derived(key, record: record, name: name, account: account)
            }
            return stretched.flatMap { Self.wrappingKey(stretched: $0, clientKey: key) }
        }
    }

    /// The one wrapping key a new wrap is made with: derived, or remembered by this process —
    /// never the keeper's unchecked copy (a stale one would make a wrap no later derivation opens).
    func wrappingKey(_ clientKey: String, record: Record, account: VaultAccount?) -> [UInt8]? {
        let name = Self.name(clientKey, record)
        guard let key = ClientKey.bytes(ofKeyHex: clientKey),
              let stretched = remembered.withLock({ $0[name] }) ?? derived(key, record: record, name: name, account: account)
        else { return nil }
        return Self.wrappingKey(stretched: stretched, clientKey: key)
    }

    /// SHA-256(label ‖ stretched ‖ client key): the client key takes part, so a stretched key
    /// kept for another PIN opens nothing.
    private static func wrappingKey(stretched: [UInt8], clientKey: [UInt8]) -> [UInt8]? {
        KeyDerivation.sha256Hex(Array("pulpe-tui data key v2".utf8) + stretched + clientKey).flatMap(Hex.decode)
    }

    private static func name(_ clientKey: String, _ record: Record) -> String {
        "\(clientKey.lowercased())|\(record.salt)|\(record.cost.memoryKiB)|\(record.cost.iterations)|\(record.cost.lanes)"
    }

    private func derived(_ key: [UInt8], record: Record, name: String, account: VaultAccount?) -> [UInt8]? {
        guard let salt = Hex.decode(record.salt), let out = try? derive(key, salt, record.cost) else { return nil }
        remembered.withLock { $0[name] = out }
        if let account { keeper?.keep(out, for: account, record: record) }
        return out
    }

    /// Forgets what this process remembered (a sign-out, the lock).
    public func forget() {
        remembered.withLock { $0.removeAll() }
    }
}
