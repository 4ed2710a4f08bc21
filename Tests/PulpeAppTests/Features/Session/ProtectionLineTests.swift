import Testing
@testable import PulpeApp

/// `pulpe config`'s one line on what protects the local data (decision 104), each state in its exact
/// words: it must never claim more than the machine gives.
@Suite struct ProtectionLineTests {
    static func state(sealed: Bool = true, demo: Bool = false, keptIn: ProtectionLine.KeptKeyHome = .kernelKeyring,
                      ttl: Int = 8 * 3600, guess: Double = 0.69, secretService: Bool = false) -> ProtectionLine.State {
        ProtectionLine.State(sealed: sealed, demo: demo, keptIn: keptIn, keyTTLSeconds: ttl, guessSeconds: guess,
                             cacheNeedsSecretService: secretService)
    }

    static let guess = "the PIN (4 digits) is the only secret at rest: an offline guess costs ~0.69 s and 64 MiB, "
        + "all 10 000 ~115 min on one core"

    @Test func eachStateInItsExactWords() {
        #expect(ProtectionLine.sentence(Self.state()) == "protection: sealed files, key kept in the kernel keyring for 8h — "
            + "a copy of the disk alone opens nothing; \(Self.guess)")
        #expect(ProtectionLine.sentence(Self.state(keptIn: .keyAgent)) == "protection: sealed files, key held in memory by "
            + "the key agent for 8h — a copy of the disk alone opens nothing; \(Self.guess)")
        #expect(ProtectionLine.sentence(Self.state(keptIn: .keyAgent, ttl: 900, secretService: true)) == "protection: sealed "
            + "files, key held in memory by the key agent for 15m — a copy of the disk alone opens nothing; \(Self.guess); the "
            + "cache also needs the Secret Service's secret, which a copy of the disk does not hold")
        #expect(ProtectionLine.sentence(Self.state(ttl: 0)) == "protection: sealed files, key never kept (the PIN at each "
            + "start) — a copy of the disk alone opens nothing; \(Self.guess)")
        #expect(ProtectionLine.sentence(Self.state(demo: true)) == "protection: sealed files under the demo's public key — "
            + "they hide nothing from a copy of the disk (demo data only; a real account's files are never opened by it)")
        #expect(ProtectionLine.sentence(Self.state(sealed: false, demo: true)) == "protection: none needed on disk — "
            + "libcrypto is missing, so nothing private is written: the cache lives in memory for each run and no expense "
            + "can be queued offline")
    }

    @Test func theGuessCostIsSaidAsMeasured() {
        #expect(ProtectionLine.sentence(Self.state(guess: 0.5)).hasSuffix("an offline guess costs ~0.5 s and 64 MiB, all 10 000 ~83 min on one core"))
        #expect(ProtectionLine.sentence(Self.state(guess: 1.26)).hasSuffix("~1.3 s and 64 MiB, all 10 000 ~210 min on one core"))
    }
}
