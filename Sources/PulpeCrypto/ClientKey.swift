/// The client key of `docs/contract.md` §5: `hex(PBKDF2-HMAC-SHA256(PIN, salt, iterations, 32 bytes))`.
///
/// Shared by the client (which derives it from the PIN the user types) and the sandbox (which
/// derives the demo account's expected key once, at seed time, and keeps only its fingerprint).
public enum ClientKey {
    /// Iteration counts a client accepts: fewer would weaken the key, more could be a denial of
    /// service by a hostile server (each derivation costs about a second at 2 000 000).
    public static let acceptedIterations: ClosedRange<Int> = 500_000...2_000_000

    /// Derived key length in bytes (64 hex characters).
    public static let byteCount = 32

    /// Derives the client key; lowercase hex, 64 characters.
    ///
    /// - Throws: `ClientKeyError.invalidPIN` unless `pin` is four ASCII digits,
    ///   `.invalidSalt` unless `saltHex` is non-empty hex, `.iterationsOutOfRange` outside
    ///   `acceptedIterations`.
    public static func derive(pin: String, saltHex: String, iterations: Int) throws -> String {
        guard isValidPIN(pin) else { throw ClientKeyError.invalidPIN }
        guard let salt = Hex.decode(saltHex), !salt.isEmpty else { throw ClientKeyError.invalidSalt }
        guard acceptedIterations.contains(iterations) else { throw ClientKeyError.iterationsOutOfRange(iterations) }
        let key = try KeyDerivation.pbkdf2SHA256(password: Array(pin.utf8), salt: salt, iterations: iterations,
                                                 byteCount: byteCount)
        return Hex.encode(key)
    }

    /// Exactly four ASCII digits (Pulpe's PIN; no other Unicode digits).
    public static func isValidPIN(_ pin: String) -> Bool {
        let bytes = Array(pin.utf8)
        return bytes.count == 4 && bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// The 32 key bytes of a well-formed key (64 hex digits, either case, not all zeros); `nil` otherwise.
    /// This is the backend's rule for the `X-Client-Key` header and the validate-key body.
    public static func bytes(ofKeyHex keyHex: String) -> [UInt8]? {
        guard keyHex.utf8.count == byteCount * 2, let bytes = Hex.decode(keyHex), bytes.contains(where: { $0 != 0 })
        else { return nil }
        return bytes
    }

    /// SHA-256 of the key bytes, lowercase hex: what the sandbox stores instead of the key itself,
    /// so a copied database never reveals a key. `nil` when `keyHex` is not a well-formed key.
    /// Case-insensitive: `ABCD…` and `abcd…` are the same key.
    public static func fingerprint(ofKeyHex keyHex: String) -> String? {
        bytes(ofKeyHex: keyHex).flatMap(KeyDerivation.sha256Hex)
    }
}
