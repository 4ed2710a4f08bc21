import Crypto
import _CryptoExtras

/// PBKDF2-HMAC-SHA256 and SHA-256, the two primitives the client key and the sandbox need.
///
/// A thin layer over swift-crypto so callers deal in plain byte arrays and hex, never in
/// `SymmetricKey`; it also lets the sandbox hash passwords with fewer rounds than the PIN uses.
public enum KeyDerivation {
    /// PBKDF2-HMAC-SHA256 of `password` with `salt`, `iterations` rounds, `byteCount` bytes.
    ///
    /// No lower bound on `iterations` here (swift-crypto's checked entry point refuses fewer than
    /// 210 000): bounds are policy, and `ClientKey` enforces the API's. `iterations` must be ≥ 1.
    public static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) throws -> [UInt8] {
        guard iterations >= 1, byteCount >= 1 else { throw ClientKeyError.invalidParameters }
        let key = try KDF.Insecure.PBKDF2.deriveKey(from: password, salt: salt, using: .sha256,
                                                   outputByteCount: byteCount, unsafeUncheckedRounds: iterations)
        return key.withUnsafeBytes { Array($0) }
    }

    /// SHA-256 of `bytes`, as lowercase hex.
    public static func sha256Hex(_ bytes: [UInt8]) -> String {
        Hex.encode(SHA256.hash(data: bytes))
    }
}
