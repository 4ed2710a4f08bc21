import Foundation
import PulpeCrypto
import PulpeDomain
import PulpeStore

/// Where the data key lives (decision 83): `$XDG_DATA_HOME/pulpe/data-key.json`, beside the
/// outbox, mode 0600 — the data key wrapped (AES-256-GCM) by a key derived from each client key
/// that opened it. Without a client key the file opens nothing; a PIN change re-wraps one key.
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

        public var key: DataKey {
            switch self {
            case let .opened(key), let .created(key), let .replaced(key, _): key
            }
        }
    }

    /// The data key `clientKey` (hex) opens; when it opens none, `previousClientKey`'s (the key
    /// this process held before a PIN changed elsewhere) is re-wrapped for it, else a new key is
    /// made. Throws when the file cannot be read or written, or without libcrypto.
    public func dataKey(clientKey: String, previousClientKey: String? = nil, now: Date = Date()) throws -> Outcome {
        guard let wrapping = Self.wrappingKey(clientKey) else { throw VaultError.cryptoUnavailable }
        // Two pulpe processes starting together on a new machine must not make two keys.
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lock = OutboxOpenLock(path: path)
        defer { lock?.release() }
        let file = try read()
        if let file {
            for wrap in file.wraps {
                if let key = wrap.open(with: wrapping) { return .opened(key) }
            }
            if let previousClientKey, let previous = Self.wrappingKey(previousClientKey),
               let key = file.wraps.lazy.compactMap({ $0.open(with: previous) }).first {
                // The PIN changed elsewhere: the same data key, now wrapped by the new client key only.
                try write(File(wraps: [try Self.wrap(key, with: wrapping)]))  // the new PIN's salt comes with its unlock
                return .opened(key)
            }
        }
        guard let key = DataKey.random() else { throw VaultError.cryptoUnavailable }
        let fresh = File(wraps: [try Self.wrap(key, with: wrapping)])
        guard file != nil else {
            try write(fresh)
            return .created(key)
        }
        let aside = (path as NSString).deletingPathExtension + "-\(Self.stamp(now)).json"
        try FileManager.default.moveItem(atPath: path, toPath: aside)
        try write(fresh)
        return .replaced(key, keptAside: aside)
    }

    /// The 32-byte key that wraps the data key: SHA-256 of a label and the client key's bytes, so
    /// the client key itself (also sent to the server) never seals anything here directly.
    static func wrappingKey(_ clientKey: String) -> [UInt8]? {
        guard let bytes = ClientKey.bytes(ofKeyHex: clientKey),
              let digest = KeyDerivation.sha256Hex(Array("pulpe-tui data key v1".utf8) + bytes) else { return nil }
        return Hex.decode(digest)
    }

    private static func wrap(_ key: DataKey, with wrapping: [UInt8]) throws -> WrappedDataKey {
        guard let wrapped = key.wrapped(with: wrapping) else { throw VaultError.cryptoUnavailable }
        return wrapped
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

    /// Whether `clientKey` opens the data key.
    public func opens(clientKey: String) -> Bool {
        guard let wrapping = Self.wrappingKey(clientKey), let file = try? read() else { return false }
        return file.wraps.contains { $0.open(with: wrapping) != nil }
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
        guard written == data.count, synced == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw VaultError.unwritable(path, errno)
        }
    }
}
