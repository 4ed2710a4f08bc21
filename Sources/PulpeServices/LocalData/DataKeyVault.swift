import Foundation
import PulpeCrypto
import PulpeDomain
import PulpeStore

/// Where the data key lives (decision 83): `$XDG_DATA_HOME/pulpe/data-key.json`, beside the
/// outbox, mode 0600 — the data key wrapped (AES-256-GCM) by a key derived from each client key
/// that opened it. Without a client key the file opens nothing; a PIN change re-wraps one key.
/// The key belongs to one account (issue 59, decision 99): no other account's key opens it.
public struct DataKeyVault: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `data-key.json` in the outbox's folder.
    public static func defaultPath(environment: [String: String]) -> String {
        (OutboxStore.defaultPath(environment: environment) as NSString).deletingLastPathComponent + "/data-key.json"
    }

    /// How the data key was found.
    public enum Outcome: Sendable, Equatable {
        /// The file held it, wrapped by this client key.
        case opened(DataKey)
        /// There was no file: a new key, now wrapped by this client key.
        case created(DataKey)
        /// The file held only keys this client key cannot open (another account, or a PIN changed
        /// elsewhere with no earlier key in hand): a new key; the old file is kept at `keptAside`.
        case replaced(DataKey, keptAside: String)
        /// The file opened nothing for this client key, but a key kept aside earlier at `from`
        /// did: it is the data key again, now wrapped by this client key.
        case restored(DataKey, from: String)

        /// Where the file that no longer opens was kept, when a new key replaced it.
        public var keptAside: String? {
            if case let .replaced(_, keptAside) = self { return keptAside }
            return nil
        }

        public var key: DataKey {
            switch self {
            case let .opened(key), let .created(key), let .replaced(key, _), let .restored(key, _): key
            }
        }
    }

    /// The data key `clientKey` (hex) opens for `account`; when it opens none, `previousClientKey`'s
    /// (the key this process held for the same account before a PIN changed elsewhere) is
    /// re-wrapped for it, else a key set aside earlier that it opens is taken back, else a new key
    /// is made. The key and every wrap carry the account (issue 59): a file bound to another
    /// account — or made before accounts were recorded, that this key does not open — is never
    /// opened, re-wrapped or replaced (`VaultError.otherAccount`), except the demo's, which a real
    /// account replaces. A file made before accounts were recorded that this key opens is bound
    /// to `account` now. Throws when the file cannot be read or written, or without libcrypto.
    ///
    /// `mayReplace` false (a kept key, not checked with the server yet): a file of this account
    /// that the key does not open is left as it is (`VaultError.notOpened`) rather than replaced by
    /// a new key — a key kept before a PIN changed elsewhere is stale once the data key is
    /// re-wrapped for the new one, and replacing then would set the queued writes aside.
    public func dataKey(clientKey: String, account: VaultAccount, previousClientKey: String? = nil, mayReplace: Bool = true,
                        now: Date = Date()) throws -> Outcome {
        guard let wrapping = Self.wrappingKey(clientKey) else { throw VaultError.cryptoUnavailable }
        // Two pulpe processes starting together on a new machine must not make two keys.
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lock = OutboxOpenLock(path: path)
        defer { lock?.release() }
        let file = try read()
        if let file {
            if let owner = file.account, owner != account.label {
                // Another account's files stay theirs; only the demo's may give way, to a real account.
                guard file.demo == true, !account.isDemo else { throw VaultError.otherAccount(path) }
            } else {
                if let key = file.key(for: account, wrapping: wrapping) {
                    // Made before accounts were recorded: bound to the account that opens it.
                    if file.account == nil { try write(try bound(key, to: account, wrapping: wrapping, salt: file.salt)) }
                    return .opened(key)
                }
                if let previousClientKey, let previous = Self.wrappingKey(previousClientKey),
                   let key = file.key(for: account, wrapping: previous) {
                    // The PIN changed elsewhere: the same data key, now wrapped by the new client key only.
                    try write(try bound(key, to: account, wrapping: wrapping, salt: nil))  // the salt comes with the new PIN's unlock
                    return .opened(key)
                }
                // Wraps of an unknown account that this key does not open: not ours to replace.
                if file.account == nil, !file.wraps.isEmpty { throw VaultError.otherAccount(path) }
            }
        }
        if let (key, keptAt) = try keySetAside(for: account, wrapping: wrapping) {
            // A key set aside earlier (a PIN changed elsewhere, an older pulpe) opens: taken back
            // before anything sealed with it would be set aside in turn.
            if file != nil {
                try FileManager.default.moveItem(atPath: path, toPath: asidePath(now))
                KillPoint.reached("moved-aside", file: path)
            }
            try write(try bound(key, to: account, wrapping: wrapping, salt: nil))
            return .restored(key, from: keptAt)
        }
        if file != nil, !mayReplace { throw VaultError.notOpened(path) }
        guard let key = DataKey.random() else { throw VaultError.cryptoUnavailable }
        let fresh = try bound(key, to: account, wrapping: wrapping, salt: nil)
        guard file != nil else {
            try write(fresh)
            return .created(key)
        }
        let aside = asidePath(now)
        try FileManager.default.moveItem(atPath: path, toPath: aside)
        KillPoint.reached("moved-aside", file: path)
        try write(fresh)
        return .replaced(key, keptAside: aside)
    }

    /// A file holding `key` wrapped by `wrapping` for `account` alone.
    private func bound(_ key: DataKey, to account: VaultAccount, wrapping: [UInt8], salt: EncryptionSalt?) throws -> File {
        guard let wrapped = key.wrapped(with: wrapping, account: account.label) else { throw VaultError.cryptoUnavailable }
        return File(wraps: [wrapped], salt: salt, account: account.label, demo: account.isDemo)
    }

    /// Where the file is kept aside when replaced.
    private func asidePath(_ now: Date) -> String {
        (path as NSString).deletingPathExtension + "-\(Self.stamp(now)).json"
    }

    /// The newest key kept aside beside the file (`data-key-<stamp>.json`) that `wrapping` opens
    /// for `account`, and where it was kept.
    private func keySetAside(for account: VaultAccount, wrapping: [UInt8]) throws -> (DataKey, String)? {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + "-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.filter({ $0.hasPrefix(prefix) && $0.hasSuffix(".json") }).sorted(by: >) {
            let kept = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: kept),
                  let file = try? JSONDecoder().decode(File.self, from: data),
                  file.account == nil || file.account == account.label,
                  let key = file.key(for: account, wrapping: wrapping) else { continue }
            return (key, kept)
        }
        return nil
    }

    /// The 32-byte key that wraps the data key: SHA-256 of a label and the client key's bytes, so
    /// the client key itself (also sent to the server) never seals anything here directly.
    static func wrappingKey(_ clientKey: String) -> [UInt8]? {
        guard let bytes = ClientKey.bytes(ofKeyHex: clientKey),
              let digest = KeyDerivation.sha256Hex(Array("pulpe-tui data key v1".utf8) + bytes) else { return nil }
        return Hex.decode(digest)
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    struct File: Codable, Equatable {
        var version = 1
        var wraps: [WrappedDataKey]
        /// The KDF parameters that derived the client key of the first wrap (`OfflineKeyVault`).
        var salt: EncryptionSalt?
        /// The account the key belongs to (`VaultAccount.label`); nil in a file made before
        /// issue 59, bound at the first open by an account.
        var account: String?
        /// Whether that account is the demo's (which a real account may replace).
        var demo: Bool?

        /// The key a wrap of `account`'s opens with `wrapping` (a wrap without account only in a
        /// file without one).
        func key(for account: VaultAccount, wrapping: [UInt8]) -> DataKey? {
            wraps.lazy.filter { $0.account == account.label || ($0.account == nil && self.account == nil) }
                .compactMap { $0.open(with: wrapping) }.first
        }
    }

    /// Keeps `salt` as what derived `clientKey`, when that key opens the file.
    public func remember(_ salt: EncryptionSalt, forClientKey clientKey: String) throws {
        guard let wrapping = Self.wrappingKey(clientKey) else { return }
        let lock = OutboxOpenLock(path: path)
        defer { lock?.release() }
        guard var file = try read(), file.salt != salt, file.wraps.contains(where: { $0.open(with: wrapping) != nil }) else { return }
        file.salt = salt
        try write(file)
    }

    /// The salt kept, if any.
    public func keptSalt() -> EncryptionSalt? {
        (try? read())?.salt
    }

    /// The data key `clientKey` opens, without making or replacing anything (tests, tools).
    public func existingKey(clientKey: String) -> DataKey? {
        guard let wrapping = Self.wrappingKey(clientKey), let file = try? read() else { return nil }
        return file.wraps.lazy.compactMap { $0.open(with: wrapping) }.first
    }

    /// Whether `clientKey` opens the data key for `account`.
    public func opens(clientKey: String, account: VaultAccount) -> Bool {
        guard let wrapping = Self.wrappingKey(clientKey), let file = try? read(),
              file.account == nil || file.account == account.label else { return false }
        return file.key(for: account, wrapping: wrapping) != nil
    }

    private func read() throws -> File? {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw VaultError.unreadable(path) }
            return nil
        }
        // A damaged file opens nothing: it is kept aside like one sealed under another key.
        return (try? JSONDecoder().decode(File.self, from: data)) ?? File(wraps: [])
    }

    /// Written whole (a temporary file renamed over it), 0600 from its first byte.
    private func write(_ file: File) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let data = try JSONEncoder().encode(file)
        let temporary = path + ".new"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw VaultError.unwritable(path, errno) }
        let written = data.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        KillPoint.reached("new-synced", file: path)
        guard written == data.count, synced == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw VaultError.unwritable(path, errno)
        }
        KillPoint.reached("renamed", file: path)
        // The new name on the disk before anything relies on it — and with it a file moved aside
        // just before: a power cut must not bring back the old vault, or none (decision 98).
        do {
            try DurableFiles.syncDirectory(of: path)
        } catch {
            throw VaultError.unwritable(path, error.code)
        }
        KillPoint.reached("written", file: path)
    }

    /// The kill points of a write of the file, in order (`KillPoint`).
    public static let killSteps = ["new-synced", "renamed", "written"]
}
