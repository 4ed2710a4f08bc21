import Foundation
import PulpeCrypto
import PulpeDomain
import PulpeStore

/// Where the data key lives (decision 83): `$XDG_DATA_HOME/pulpe/data-key.json`, beside the
/// outbox, mode 0600 — the data key wrapped (AES-256-GCM) by a key derived from each client key
/// that opened it. Without a client key the file opens nothing; a PIN change re-wraps one key.
/// The key belongs to one account (decision 99): no other account's key opens it.
///
/// A real account's wraps are keyed through Argon2id of the client key (`KeyStretcher`, decision
/// 102): one PIN guessed against a copy of this file costs ≥ 0.5 s and ≥ 64 MiB. The demo's key is
/// public: its wraps skip the stretch. A file from before is stretched at its first open.
public struct DataKeyVault: Sendable {
    public let path: String
    let stretcher: KeyStretcher

    public init(path: String, stretcher: KeyStretcher = KeyStretcher()) {
        self.path = path
        self.stretcher = stretcher
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
    /// is made. The key and every wrap carry the account (decision 99): a file bound to another
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
        guard Self.wrappingKey(clientKey) != nil else { throw VaultError.cryptoUnavailable }
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
                if let key = unwrap(file, clientKey: clientKey, account: account) {
                    // Made before accounts were recorded: bound to the account that opens it; made
                    // before the stretch: stretched now (one derivation, once).
                    if file.account == nil || (file.stretch == nil && !account.isDemo) {
                        try write(try bound(key, to: account, clientKey: clientKey, salt: file.salt, cacheSecret: file.cacheSecret))
                    }
                    return .opened(key)
                }
                if let previousClientKey, let key = unwrap(file, clientKey: previousClientKey, account: account) {
                    // The PIN changed elsewhere: the same data key, now wrapped by the new client key only.
                    // The salt comes with the new PIN's unlock; the cache's second secret stays the same.
                    try write(try bound(key, to: account, clientKey: clientKey, salt: nil, cacheSecret: file.cacheSecret))
                    return .opened(key)
                }
                // Wraps of an unknown account that this key does not open: not ours to replace.
                if file.account == nil, !file.wraps.isEmpty { throw VaultError.otherAccount(path) }
            }
        }
        if let (key, keptAt) = try keySetAside(for: account, clientKey: clientKey) {
            // A key set aside earlier (a PIN changed elsewhere, an older pulpe) opens: taken back
            // before anything sealed with it would be set aside in turn.
            if file != nil {
                try FileManager.default.moveItem(atPath: path, toPath: asidePath(now))
                KillPoint.reached("moved-aside", file: path)
            }
            try write(try bound(key, to: account, clientKey: clientKey, salt: nil))
            return .restored(key, from: keptAt)
        }
        if file != nil, !mayReplace { throw VaultError.notOpened(path) }
        guard let key = DataKey.random() else { throw VaultError.cryptoUnavailable }
        let fresh = try bound(key, to: account, clientKey: clientKey, salt: nil)
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

    /// A file holding `key` wrapped for `clientKey` and `account` alone: through a new stretch for a
    /// real account, directly for the demo.
    private func bound(_ key: DataKey, to account: VaultAccount, clientKey: String, salt: EncryptionSalt?,
                       cacheSecret: Bool? = nil) throws -> File {
        let stretch = account.isDemo ? nil : stretcher.newRecord()
        if !account.isDemo, stretch == nil { throw VaultError.cryptoUnavailable }
        guard let wrapping = stretch.map({ stretcher.wrappingKey(clientKey, record: $0, account: account) }) ?? Self.wrappingKey(clientKey),
              let wrapped = key.wrapped(with: wrapping, account: account.label) else { throw VaultError.cryptoUnavailable }
        return File(version: stretch == nil ? 1 : 2, wraps: [wrapped], salt: salt, account: account.label, demo: account.isDemo,
                    stretch: stretch, cacheSecret: cacheSecret)
    }

    /// The data key `file` holds for `clientKey` and `account` (nil: any account, for a file
    /// without one), through the file's stretch when it has one.
    private func unwrap(_ file: File, clientKey: String, account: VaultAccount?) -> DataKey? {
        guard let stretch = file.stretch else {
            return Self.wrappingKey(clientKey).flatMap { file.key(for: account, wrapping: $0) }
        }
        guard stretch.cost.isAcceptable else { return nil }
        // One at a time: the second (a derivation) only when the first opened nothing.
        for wrapping in stretcher.wrappingKeys(clientKey, record: stretch, account: account) {
            if let key = file.key(for: account, wrapping: wrapping) { return key }
        }
        return nil
    }

    /// Where the file is kept aside when replaced.
    private func asidePath(_ now: Date) -> String {
        (path as NSString).deletingPathExtension + "-\(Self.stamp(now)).json"
    }

    /// The newest key kept aside beside the file (`data-key-<stamp>.json`) that `wrapping` opens
    /// for `account`, and where it was kept.
    private func keySetAside(for account: VaultAccount, clientKey: String) throws -> (DataKey, String)? {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + "-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.filter({ $0.hasPrefix(prefix) && $0.hasSuffix(".json") }).sorted(by: >) {
            let kept = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: kept),
                  let file = try? JSONDecoder().decode(File.self, from: data),
                  file.account == nil || file.account == account.label,
                  let key = unwrap(file, clientKey: clientKey, account: account) else { continue }
            return (key, kept)
        }
        return nil
    }

    /// The 32-byte key that wraps the demo's data key (and a real account's before the stretch):
    /// SHA-256 of a label and the client key's bytes, so the client key itself (also sent to the
    /// server) never seals anything here directly.
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
        /// 1: wraps keyed by SHA-256 of the client key; 2: through `stretch`.
        var version = 1
        var wraps: [WrappedDataKey]
        /// The KDF parameters that derived the client key of the first wrap (`OfflineKeyVault`).
        var salt: EncryptionSalt?
        /// The account the key belongs to (`VaultAccount.label`); nil in a file made before accounts
        /// were recorded (decision 99), bound at the first open by an account.
        var account: String?
        /// Whether that account is the demo's (which a real account may replace).
        var demo: Bool?
        /// The Argon2id salt and cost every wrap of this file is keyed through; nil for the
        /// demo's and for files made before decision 102.
        var stretch: KeyStretcher.Record?
        /// The cache is sealed with a key that also needs the Secret Service's secret
        /// (`CacheSecrets`, decision 105); nil or false: with the data key.
        var cacheSecret: Bool?

        /// The key a wrap of `account`'s opens with `wrapping` (a wrap without account only in a
        /// file without one; nil: any wrap).
        func key(for account: VaultAccount?, wrapping: [UInt8]) -> DataKey? {
            wraps.lazy.filter { account == nil || $0.account == account?.label || ($0.account == nil && self.account == nil) }
                .compactMap { $0.open(with: wrapping) }.first
        }
    }

    /// Keeps `salt` as what derived `clientKey`, when that key opens the file.
    public func remember(_ salt: EncryptionSalt, forClientKey clientKey: String) throws {
        let lock = OutboxOpenLock(path: path)
        defer { lock?.release() }
        guard var file = try read(), file.salt != salt, unwrap(file, clientKey: clientKey, account: nil) != nil else { return }
        file.salt = salt
        try write(file)
    }

    /// Whether the cache needs the Secret Service's secret (`CacheSecrets`).
    public func usesCacheSecret() -> Bool {
        (try? read())?.cacheSecret == true
    }

    /// Records that the cache needs the Secret Service's secret from now on.
    func recordCacheSecret() throws {
        let lock = OutboxOpenLock(path: path)
        defer { lock?.release() }
        guard var file = try read(), file.cacheSecret != true, !file.wraps.isEmpty else { return }
        file.cacheSecret = true
        try write(file)
    }

    /// The salt kept, if any.
    public func keptSalt() -> EncryptionSalt? {
        (try? read())?.salt
    }

    /// The data key `clientKey` opens, without making or replacing anything (tests, tools).
    public func existingKey(clientKey: String) -> DataKey? {
        guard let file = try? read() else { return nil }
        return unwrap(file, clientKey: clientKey, account: nil)
    }

    /// Whether `clientKey` opens the data key for `account`.
    public func opens(clientKey: String, account: VaultAccount) -> Bool {
        guard let file = try? read(), file.account == nil || file.account == account.label else { return false }
        return unwrap(file, clientKey: clientKey, account: account) != nil
    }

    /// Whose the data key at `path` is (`AccountFiles`): nil when there is no file; a nil label for
    /// a file made before accounts were recorded, or one that cannot be read (kept as it is, and
    /// handled by the first account that tries it, as before).
    public static func owner(ofFileAt path: String) -> (label: String?, isDemo: Bool)? {
        guard let data = FileManager.default.contents(atPath: path) else {
            return FileManager.default.fileExists(atPath: path) ? (nil, false) : nil
        }
        guard let file = try? JSONDecoder().decode(File.self, from: data) else { return (nil, false) }
        return (file.account, file.demo == true)
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
