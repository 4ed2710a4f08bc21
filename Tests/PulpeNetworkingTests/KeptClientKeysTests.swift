import Foundation
@testable import PulpeNetworking
import Testing

/// The client key kept for shell commands: per server and user, in a 0600 file without a session
/// keyring, in the kernel keyring when there is one, and forgotten from both by `forget`.
struct KeptClientKeysTests {
    static let key = String(repeating: "ab", count: 32)

    static func temporaryFile() -> URL {
        URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("pulpe-kept-\(UUID().uuidString)/state/client-keys.json")
    }

    @Test func theFileKeepsOneKeyPerServerAndUserWithMode0600() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let kept = KeptClientKeys(fileURL: url, keyring: nil)
        #expect(try kept.keep(Self.key.uppercased(), server: "https://a/api/v1", userId: "u1") == .file)
        #expect(kept.key(server: "https://a/api/v1", userId: "u1") == Self.key, "stored lowercase")
        #expect(kept.key(server: "https://b/api/v1", userId: "u1") == nil, "another server has none")
        #expect(kept.key(server: "https://a/api/v1", userId: "u2") == nil, "another user has none")
        #expect(kept.place(server: "https://a/api/v1", userId: "u1") == .file)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(kept.forget(server: "https://a/api/v1", userId: "u1"))
        #expect(kept.key(server: "https://a/api/v1", userId: "u1") == nil)
        #expect(!FileManager.default.fileExists(atPath: url.path), "no file left once empty")
        #expect(!kept.forget(server: "https://a/api/v1", userId: "u1"))
    }

    @Test func aMalformedKeyIsIgnored() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"version":1,"keys":{"s u":"not-a-key"}}"#.utf8).write(to: url)
        #expect(KeptClientKeys(fileURL: url, keyring: nil).key(server: "s", userId: "u") == nil)
    }

    /// The process keyring stands in for the session's: the same calls, gone when the test exits.
    @Test func theKernelKeyringKeepsTheKeyOffDisk() throws {
        #if os(Linux)
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let kept = KeptClientKeys(fileURL: url, keyring: .process)
        let place = try kept.keep(Self.key, server: "s", userId: "u")
        // A kernel without keyrings (or a seccomp filter refusing add_key) falls back to the file.
        if place == .keyring {
            #expect(!FileManager.default.fileExists(atPath: url.path), "nothing on disk")
            #expect(kept.key(server: "s", userId: "u") == Self.key)
            #expect(kept.place(server: "s", userId: "u") == .keyring)
            #expect(KeptClientKeys(fileURL: Self.temporaryFile(), keyring: .process).key(server: "s", userId: "u") == nil,
                    "bound to its state directory")
        }
        #expect(kept.forget(server: "s", userId: "u"))
        #expect(kept.key(server: "s", userId: "u") == nil)
        #endif
    }
}
