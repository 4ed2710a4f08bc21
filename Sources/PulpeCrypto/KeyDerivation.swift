import COpenSSLCrypto

/// PBKDF2-HMAC-SHA256 and SHA-256, the two primitives the client key and the sandbox need, from
/// the system's OpenSSL libcrypto, opened on first use (decision 63: swift-crypto's own BoringSSL
/// copy cost every clean build over a minute for these two functions).
///
/// Callers deal in plain byte arrays and hex; the sandbox hashes passwords with fewer rounds than
/// the PIN uses.
public enum KeyDerivation {
    /// PBKDF2-HMAC-SHA256 of `password` with `salt`, `iterations` rounds, `byteCount` bytes.
    ///
    /// No lower bound on `iterations` here: bounds are policy, and `ClientKey` enforces the API's.
    /// `iterations` must be ≥ 1.
    public static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) throws -> [UInt8] {
        guard iterations >= 1, iterations <= Int(Int32.max), byteCount >= 1, byteCount <= 1 << 20 else {
            throw ClientKeyError.invalidParameters
        }
        var key = [UInt8](repeating: 0, count: byteCount)
        let status = password.withUnsafeBufferPointer { password in
            salt.withUnsafeBufferPointer { salt in
                key.withUnsafeMutableBufferPointer { key in
                    cossl_pbkdf2_sha256(password.baseAddress, password.count, salt.baseAddress, salt.count, Int32(iterations),
                                        key.baseAddress, key.count)
                }
            }
        }
        guard status != -1 else { throw ClientKeyError.cryptoUnavailable }
        guard status == 1 else { throw ClientKeyError.invalidParameters }
        return key
    }

    /// SHA-256 of `bytes`, as lowercase hex; nil only without libcrypto (never seen where Swift
    /// runs: its Foundation links it through libcurl).
    public static func sha256Hex(_ bytes: [UInt8]) -> String? {
        var digest = [UInt8](repeating: 0, count: 32)
        let status = bytes.withUnsafeBufferPointer { bytes in
            digest.withUnsafeMutableBufferPointer { digest in cossl_sha256(bytes.baseAddress, bytes.count, digest.baseAddress) }
        }
        return status == 1 ? Hex.encode(digest) : nil
    }
}
