import Foundation
@testable import PulpeNetworking
import Testing

/// `key_ttl` (decision 36): a kept key lasts a set time since its last use — in the key agent as its
/// entry's lifetime, renewed by a use and not by a look; in the kernel keyring as the key's own
/// timeout. Time comes from an injected clock (the agent's store takes it too).
struct KeptKeyExpiryTests {
    static let key = KeptClientKeysTests.key

    /// A clock the test moves by hand.
    final class TestNow: @unchecked Sendable {
        private let lock = NSLock()
        private var value = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { value } }
        func advance(_ seconds: TimeInterval) { lock.withLock { value = value.addingTimeInterval(seconds) } }
    }

    static func store(_ url: URL, ttl: Int, clock: TestNow, keyring: KernelKeyring? = nil,
                      agent: InMemoryKeyAgent? = nil) -> KeptClientKeys {
        KeptClientKeys(fileURL: url, keyring: keyring, agent: agent ?? InMemoryKeyAgent(now: { clock.now }), ttlSeconds: ttl,
                       now: { clock.now })
    }

    @Test func anAgentKeyExpiresAfterItsTTLWithoutUseAndTheAgentIsLeftEmpty() throws {
        let url = KeptClientKeysTests.temporaryFile()
        let clock = TestNow()
        let agent = InMemoryKeyAgent(now: { clock.now })
        let kept = Self.store(url, ttl: 600, clock: clock, agent: agent)
        #expect(try kept.keep(Self.key, server: "s", userId: "u") == .agent)
        clock.advance(599)
        // Another process (a new store over the same agent) sees it until the expiry, without renewing it.
        #expect(Self.store(url, ttl: 600, clock: clock, agent: agent).peek(server: "s", userId: "u") == Self.key)
        #expect(kept.isKept(server: "s", userId: "u"))
        clock.advance(1)
        #expect(kept.key(server: "s", userId: "u") == nil, "expired at its TTL: a look did not renew it")
        #expect(agent.isEmpty, "an expired entry is dropped: the real agent exits")
    }

    @Test func eachUseRenewsTheLifetime() throws {
        let url = KeptClientKeysTests.temporaryFile()
        let clock = TestNow()
        let kept = Self.store(url, ttl: 600, clock: clock)
        try kept.keep(Self.key, server: "s", userId: "u")
        for _ in 0..<5 {
            clock.advance(500)
            #expect(kept.key(server: "s", userId: "u") == Self.key, "used within its TTL: renewed")
        }
        clock.advance(599)
        #expect(kept.peek(server: "s", userId: "u") == Self.key)
        clock.advance(1)
        #expect(kept.peek(server: "s", userId: "u") == nil, "600 s after the last use")
    }

    @Test func theTTLChosenAtKeepTimeIsTheOneRenewed() throws {
        let url = KeptClientKeysTests.temporaryFile()
        let clock = TestNow()
        let agent = InMemoryKeyAgent(now: { clock.now })
        try Self.store(url, ttl: 8 * 3600, clock: clock, agent: agent).keep(Self.key, server: "s", userId: "u", ttlSeconds: 90)
        clock.advance(89)
        // A later process with the default TTL still renews by 90 s (`pulpe unlock --key-ttl 90`).
        let later = Self.store(url, ttl: 8 * 3600, clock: clock, agent: agent)
        #expect(later.key(server: "s", userId: "u") == Self.key)
        clock.advance(91)
        #expect(later.key(server: "s", userId: "u") == nil)
    }

    @Test func aTTLOfZeroKeepsNothingAndForgetsWhatWasKept() throws {
        let url = KeptClientKeysTests.temporaryFile()
        let clock = TestNow()
        let agent = InMemoryKeyAgent(now: { clock.now })
        try Self.store(url, ttl: 600, clock: clock, agent: agent).keep(Self.key, server: "s", userId: "u")
        let never = Self.store(url, ttl: 0, clock: clock, agent: agent)
        #expect(try never.keep(Self.key, server: "s", userId: "u") == nil)
        #expect(never.key(server: "s", userId: "u") == nil)
        #expect(agent.isEmpty)
    }

    @Test func aFileFromBeforeKeyTTLMovesWithTheDefaultLifetime() throws {
        let url = KeptClientKeysTests.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"keys":{"s u":"\#(Self.key)"},"version":1}"#.utf8).write(to: url)
        let clock = TestNow()
        let kept = Self.store(url, ttl: 3600, clock: clock)
        _ = kept.checkAtStart()
        #expect(!FileManager.default.fileExists(atPath: url.path))
        clock.advance(3599)
        #expect(kept.peek(server: "s", userId: "u") == Self.key)
        clock.advance(1)
        #expect(kept.key(server: "s", userId: "u") == nil)
    }

    /// The kernel destroys the key at its timeout by itself: the test reads the timeout the kernel
    /// holds (`/proc/keys`' expiry column) rather than waiting for it, and sees a use renew it.
    @Test(.enabled(if: KeptClientKeysTests.processKeyringWorks, KeptClientKeysTests.keyringRefused),
          .enabled(if: FileManager.default.isReadableFile(atPath: "/proc/keys"), "no /proc/keys here: the kernel's timeout cannot be read"))
    func theKeyringKeyHasTheTTLAsItsKernelTimeout() throws {
        let url = KeptClientKeysTests.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let clock = TestNow()
        let kept = Self.store(url, ttl: 3600, clock: clock, keyring: .process)
        try #require(try kept.keep(Self.key, server: "s", userId: "u", ttlSeconds: 2 * 3600) == .keyring)
        #expect(!FileManager.default.fileExists(atPath: url.path), "nothing on disk")
        // The key's line: "<serial> <flags> <usage> <expiry> … user pulpe:client-key:<file>:s:u: <length>".
        func expiry() -> String? {
            guard let keys = try? String(contentsOfFile: "/proc/keys", encoding: .utf8) else { return nil }
            let line = keys.split(separator: "\n").first { $0.contains("pulpe:client-key:\(url.path):s:u") }
            return line?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.map(String.init)
        }
        let first = try #require(expiry(), "the key's line in /proc/keys")
        #expect(["2h", "119m"].contains(first), "the kernel's timeout is the TTL: \(first)")
        #expect(kept.key(server: "s", userId: "u") == Self.key)
        #expect(["2h", "119m"].contains(expiry() ?? ""), "a use sets it again from the kept TTL")
        _ = kept.forget(server: "s", userId: "u")
    }

    @Test func keyringPayloadsReadBack() {
        #expect(KeyringPayload(text: "\(Self.key);ttl=90") == KeyringPayload(key: Self.key, ttlSeconds: 90))
        #expect(KeyringPayload(text: Self.key) == KeyringPayload(key: Self.key, ttlSeconds: nil), "kept before key_ttl")
        #expect(KeyringPayload(text: "\(Self.key);ttl=x") == nil)
        #expect(KeyringPayload(key: Self.key, ttlSeconds: 90).text == "\(Self.key);ttl=90")
    }
}
