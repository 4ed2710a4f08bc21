import PulpeCrypto

/// Password storage for sandbox accounts: `pbkdf2-sha256$<rounds>$<salt hex>$<hash hex>`.
///
/// 10 000 rounds: the sandbox holds demo credentials on a developer's machine, so the point is
/// "never store the password in clear", not resisting offline attacks; a login stays ~ms.
enum PasswordHasher {
    static let rounds = 10_000

    static func hash(_ password: String) throws -> String {
        let salt = Secrets.randomBytes(16)
        let digest = try KeyDerivation.pbkdf2SHA256(password: Array(password.utf8), salt: salt, iterations: rounds,
                                                    byteCount: 32)
        return "pbkdf2-sha256$\(rounds)$\(Hex.encode(salt))$\(Hex.encode(digest))"
    }

    static func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]), rounds > 0,
              let salt = Hex.decode(parts[2]), let expected = Hex.decode(parts[3]),
              let actual = try? KeyDerivation.pbkdf2SHA256(password: Array(password.utf8), salt: salt,
                                                           iterations: rounds, byteCount: expected.count)
        else { return false }
        // Constant-time comparison: the time taken does not depend on where the bytes differ.
        return zip(actual, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0 && actual.count == expected.count
    }
}
