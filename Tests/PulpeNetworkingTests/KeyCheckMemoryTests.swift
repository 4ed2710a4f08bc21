import Foundation
@testable import PulpeNetworking
import Testing

/// The remembered validation: trusted for ten minutes, for that key only, kept beside the client
/// key (never in a file: decision 102), and only while the key is kept.
struct KeyCheckMemoryTests {
    @Test func aSuccessIsTrustedForTenMinutesForThatKeyOnly() throws {
        let url = KeptClientKeysTests.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let clock = KeptKeyExpiryTests.TestNow()
        let agent = InMemoryKeyAgent(now: { clock.now })
        let keys = KeptClientKeys(fileURL: url, keyring: nil, agent: agent, now: { clock.now })
        let memory = KeyCheckMemory(keys: keys)
        let key = KeptClientKeysTests.key
        memory.confirmed(key, server: "s", userId: "u")
        #expect(!memory.recentlyConfirmed(key, server: "s", userId: "u"), "nothing remembered while the key is not kept")
        try keys.keep(key, server: "s", userId: "u")
        memory.confirmed(key, server: "s", userId: "u")
        #expect(memory.recentlyConfirmed(key, server: "s", userId: "u"))
        #expect(!memory.recentlyConfirmed(String(repeating: "cd", count: 32), server: "s", userId: "u"), "another key")
        #expect(!memory.recentlyConfirmed(key, server: "s", userId: "v"), "another user")
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
        #expect(files.isEmpty, "nothing written: \(files)")
        clock.advance(KeyCheckMemory.trustedFor - 1)
        #expect(memory.recentlyConfirmed(key, server: "s", userId: "u"))
        clock.advance(1)
        #expect(!memory.recentlyConfirmed(key, server: "s", userId: "u"))
        memory.confirmed(key, server: "s", userId: "u")
        memory.forget(server: "s", userId: "u")
        #expect(!memory.recentlyConfirmed(key, server: "s", userId: "u"))
    }

    /// The file of before held a fingerprint per user: removed at start.
    @Test func theFileOfBeforeIsRemoved() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-checks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path]
        let url = KeyCheckMemory.legacyFileURL(environment: environment)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"version\":1,\"checks\":{}}".utf8).write(to: url)
        #expect(KeyCheckMemory.removeLegacyFile(environment: environment))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(!KeyCheckMemory.removeLegacyFile(environment: environment))
    }
}
