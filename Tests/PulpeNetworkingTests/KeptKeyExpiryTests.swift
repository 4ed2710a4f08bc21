import Foundation
@testable import PulpeNetworking
import Testing

/// `key_ttl` (issue 21): a kept key lasts a set time since its last use — in the file as an expiry
/// beside it, checked and renewed at each read; in the kernel keyring as the key's own timeout.
/// Time comes from an injected clock.
struct KeptKeyExpiryTests {
    static let key = KeptClientKeysTests.key

    /// A clock the test moves by hand.
    final class TestNow: @unchecked Sendable {
        private let lock = NSLock()
        private var value = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { value } }
        func advance(_ seconds: TimeInterval) { lock.withLock { value = value.addingTimeInterval(seconds) } }
    }

    static func store(_ url: URL, ttl: Int, clock: TestNow, keyring: KernelKeyring? = nil) -> KeptClientKeys {
        KeptClientKeys(fileURL: url, keyring: keyring, ttlSeconds: ttl, now: { clock.now })
    }

    @Test func aFileKeyExpiresAfterItsTTLWithoutUseAndTheFileGoes() throws {
        let url = KeptClientKeysTests.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let clock = TestNow()
        let kept = Self.store(url, ttl: 600, clock: clock)
        #expect(try kept.keep(Self.key, server: "s", userId: "u") == .file)
        #expect(kept.fileExpiry(server: "s", userId: "u") == clock.now.addingTimeInterval(600))
        clock.advance(599)
        // Another process (a new store over the same file) sees it until the expiry.
        #expect(Self.store(url, ttl: 600, clock: clock).fileExpiry(server: "s", userId: "u") != nil)
        clock.advance(1)
        #expect(kept.key(server: "s", userId: "u") == nil, "expired at its TTL")
        #expect(!FileManager.default.fileExists(atPath: url.path), "an expired entry is removed, and an empty file with it")
    }

    @Test func eachUseRenewsTheLifetime() throws {
        let url = KeptClientKeysTests.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let clock = TestNow()
        let kept = Self.store(url, ttl: 600, clock: clock)
        try kept.keep(Self.key, server: "s", userId: "u")
        for _ in 0..<5 {
            clock.advance(500)
            #expect(kept.key(server: "s", userId: "u") == Self.key, "used within its TTL: renewed")
        }
        #expect(kept.fileExpiry(server: "s", userId: "u") == clock.now.addingTimeInterval(600))
        clock.advance(30)
        _ = kept.key(server: "s", userId: "u")
        #expect(kept.fileExpiry(server: "s", userId: "u") == clock.now.addingTimeInterval(570),
                "a use less than a minute after the last renewal does not rewrite the file")
    }

    @Test func theTTLChosenAtKeepTimeIsTheOneRenewed() throws {
        let url = KeptClientKeysTests.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let clock = TestNow()
        try Self.store(url, ttl: 8 * 3600, clock: clock).keep(Self.key, server: "s", userId: "u", ttlSeconds: 90)
        clock.advance(89)
        // A later process with the default TTL still renews by 90 s (`pulpe unlock --key-ttl 90`).
        let later = Self.store(url, ttl: 8 * 3600, clock: clock)
        #expect(later.key(server: "s", userId: "u") == Self.key)
        clock.advance(91)
        #expect(later.key(server: "s", userId: "u") == nil)
    }

    @Test func aTTLOfZeroKeepsNothingAndForgetsWhatWasKept() throws {
        let url = KeptClientKeysTests.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let clock = TestNow()
        try Self.store(url, ttl: 600, clock: clock).keep(Self.key, server: "s", userId: "u")
        let never = Self.store(url, ttl: 0, clock: clock)
        #expect(try never.keep(Self.key, server: "s", userId: "u") == nil)
        #expect(never.key(server: "s", userId: "u") == nil)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aFileFromBeforeKeyTTLGetsTheDefaultLifetimeFromItsFirstRead() throws {
        let url = KeptClientKeysTests.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"keys":{"s u":"\#(Self.key)"},"version":1}"#.utf8).write(to: url)
        let clock = TestNow()
        let kept = Self.store(url, ttl: 3600, clock: clock)
        #expect(kept.key(server: "s", userId: "u") == Self.key)
        #expect(kept.fileExpiry(server: "s", userId: "u") == clock.now.addingTimeInterval(3600))
        clock.advance(3600)
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
