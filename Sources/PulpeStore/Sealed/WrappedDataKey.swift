import CSealedFiles

/// A data key sealed with AES-256-GCM under a 32-byte wrapping key (derived from the client key
/// by `DataKeyVault`): what the vault file keeps. `account` (the server and user it was made for,
/// decision 99) is the AEAD's associated data: a wrap whose account is changed in the file no longer
/// opens. Wraps made before accounts were recorded have none (and no associated data).
public struct WrappedDataKey: Sendable, Codable, Equatable {
    public var nonce: [UInt8]
    public var sealed: [UInt8]
    public var tag: [UInt8]
    public var account: String?

    public init(nonce: [UInt8], sealed: [UInt8], tag: [UInt8], account: String? = nil) {
        self.nonce = nonce
        self.sealed = sealed
        self.tag = tag
        self.account = account
    }

    /// The key, or nil when `wrappingKey` is not the one it was sealed with, its account is not
    /// the one it was sealed for, or the bytes are damaged.
    public func open(with wrappingKey: [UInt8]) -> DataKey? {
        guard wrappingKey.count == 32, nonce.count == 12, sealed.count == DataKey.byteCount, tag.count == 16 else { return nil }
        var plain = [UInt8](repeating: 0, count: DataKey.byteCount)
        let ad = Array((account ?? "").utf8)
        let status = pulpe_sealed_gcm_open(wrappingKey, nonce, sealed, Int32(sealed.count), ad, Int32(ad.count), tag, &plain)
        return status == 1 ? DataKey(bytes: plain) : nil
    }
}
