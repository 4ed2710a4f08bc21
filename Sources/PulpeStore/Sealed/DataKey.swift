import CSealedFiles

/// The key that seals the local files (the cache and the outbox): 64 random bytes, the two
/// AES-256 keys of XTS. It never leaves memory in clear; on disk it is wrapped by the client key
/// (`DataKeyVault`), so a PIN change re-wraps one key instead of rewriting the files (decision 83).
public struct DataKey: Sendable, Equatable {
    public static let byteCount = Int(PULPE_SEALED_KEY_BYTES)
    public let bytes: [UInt8]

    /// Nil unless `bytes` is 64 bytes with two different halves (XTS refuses equal ones).
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount, bytes[0..<32] != bytes[32..<64] else { return nil }
        self.bytes = bytes
    }

    /// A fresh key from libcrypto's generator; nil when libcrypto is missing.
    public static func random() -> DataKey? {
        for _ in 0..<4 {
            var bytes = [UInt8](repeating: 0, count: byteCount)
            guard pulpe_sealed_random(&bytes, Int32(byteCount)) == 1 else { return nil }
            if let key = DataKey(bytes: bytes) { return key }
        }
        return nil
    }
}

extension DataKey {
    /// This key sealed under `wrappingKey` (32 bytes) with a fresh nonce, bound to `account` (the
    /// associated data; nil for none); nil without libcrypto.
    public func wrapped(with wrappingKey: [UInt8], account: String? = nil) -> WrappedDataKey? {
        guard wrappingKey.count == 32 else { return nil }
        var nonce = [UInt8](repeating: 0, count: 12)
        guard pulpe_sealed_random(&nonce, 12) == 1 else { return nil }
        var sealed = [UInt8](repeating: 0, count: DataKey.byteCount)
        var tag = [UInt8](repeating: 0, count: 16)
        let ad = Array((account ?? "").utf8)
        guard pulpe_sealed_gcm_seal(wrappingKey, nonce, bytes, Int32(bytes.count), ad, Int32(ad.count), &sealed, &tag) == 1
        else { return nil }
        return WrappedDataKey(nonce: nonce, sealed: sealed, tag: tag, account: account)
    }
}
