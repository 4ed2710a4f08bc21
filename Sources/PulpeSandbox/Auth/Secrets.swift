import PulpeCrypto

/// Unpredictable values (tokens, salts, generated passwords) from the system generator —
/// never from the seeded one, which only shapes demo data.
enum Secrets {
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    static func randomHex(bytes count: Int) -> String {
        Hex.encode(randomBytes(count))
    }
}
