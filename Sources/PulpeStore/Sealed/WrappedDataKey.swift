import CSealedFiles

/// A data key sealed with AES-256-GCM under a 32-byte wrapping key (derived from the client key
/// by `DataKeyVault`): what the vault file keeps.
public struct WrappedDataKey: Sendable, Codable, Equatable {
    public var nonce: [UInt8]
    public var sealed: [UInt8]
    public var tag: [UInt8]

    /// The key, or nil when `wrappingKey` is not the one it was sealed with (or the bytes are damaged).
    public func open(with wrappingKey: [UInt8]) -> DataKey? {
        guard wrappingKey.count == 32, nonce.count == 12, sealed.count == DataKey.byteCount, tag.count == 16 else { return nil }
        var plain = [UInt8](repeating: 0, count: DataKey.byteCount)
        let status = pulpe_sealed_gcm_open(wrappingKey, nonce, sealed, Int32(sealed.count), tag, &plain)
        return status == 1 ? DataKey(bytes: plain) : nil
    }
}
