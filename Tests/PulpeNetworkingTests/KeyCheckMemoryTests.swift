import Foundation
@testable import PulpeNetworking
import Testing

/// The remembered validation: trusted for ten minutes, for that key only.
struct KeyCheckMemoryTests {
    @Test func aSuccessIsTrustedForTenMinutesForThatKeyOnly() throws {
        let url = KeptClientKeysTests.temporaryFile().deletingLastPathComponent().appendingPathComponent("key-checks.json")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let clock = KeptKeyExpiryTests.TestNow()
        let memory = KeyCheckMemory(fileURL: url, now: { clock.now })
        let key = KeptClientKeysTests.key
        #expect(!memory.recentlyConfirmed(key, server: "s", userId: "u"))
        memory.confirmed(key, server: "s", userId: "u")
        #expect(memory.recentlyConfirmed(key, server: "s", userId: "u"))
        #expect(!memory.recentlyConfirmed(String(repeating: "cd", count: 32), server: "s", userId: "u"), "another key")
        #expect(!memory.recentlyConfirmed(key, server: "s", userId: "v"), "another user")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(!text.contains(key), "the key itself is never written")
        clock.advance(KeyCheckMemory.trustedFor - 1)
        #expect(memory.recentlyConfirmed(key, server: "s", userId: "u"))
        clock.advance(1)
        #expect(!memory.recentlyConfirmed(key, server: "s", userId: "u"))
        memory.confirmed(key, server: "s", userId: "u")
        memory.forget(server: "s", userId: "u")
        #expect(!memory.recentlyConfirmed(key, server: "s", userId: "u"))
    }
}
