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

    /// Whether the kernel keeps a key in this process's keyring: not where keyrings are compiled
    /// out or a seccomp filter refuses `add_key` (some containers). There the keyring tests are
    /// skipped, and the run says so, rather than passing without a look.
    static let processKeyringWorks: Bool = {
        let name = "pulpe:probe:\(UUID().uuidString)"
        guard KernelKeyring.process.store("probe", description: name) else { return false }
        KernelKeyring.process.remove(description: name)
        return true
    }()
    static let keyringRefused: Comment = "the kernel refuses a key in the process keyring here (no keyrings, or a seccomp filter on add_key)"

    /// The process keyring stands in for the session's: the same calls, gone when the test exits.
    @Test(.enabled(if: processKeyringWorks, keyringRefused))
    func theKernelKeyringKeepsTheKeyOffDisk() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let kept = KeptClientKeys(fileURL: url, keyring: .process)
        #expect(try kept.keep(Self.key, server: "s", userId: "u") == .keyring)
        #expect(!FileManager.default.fileExists(atPath: url.path), "nothing on disk")
        #expect(kept.key(server: "s", userId: "u") == Self.key)
        #expect(kept.place(server: "s", userId: "u") == .keyring)
        #expect(KeptClientKeys(fileURL: Self.temporaryFile(), keyring: .process).key(server: "s", userId: "u") == nil,
                "bound to its state directory")
        #expect(kept.forget(server: "s", userId: "u"))
        #expect(kept.key(server: "s", userId: "u") == nil)
        #expect(KernelKeyring.process.serial(description: "pulpe:client-key:\(url.path):s:u") == nil, "gone from the keyring")
    }

    /// The user's own path: a process with a session keyring of its own (a pam_keyinit login, or
    /// `keyctl session -` as `make test` runs this suite a second time) keeps the key there by
    /// default, where another process of the session finds it. Elsewhere skipped, said so.
    @Test(.enabled(if: KernelKeyring.sessionIfAvailable() != nil,
                   "no session keyring of its own (run under `keyctl session -`: make test does)"))
    func aSessionKeyringKeepsTheKeyByDefault() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let kept = KeptClientKeys(fileURL: url)
        #expect(kept.keyring == .session)
        #expect(try kept.keep(Self.key, server: "s", userId: "u") == .keyring)
        #expect(!FileManager.default.fileExists(atPath: url.path), "nothing on disk")
        let witness = kept.witness(server: "s", userId: "u")
        let serial = KernelKeyring.session.serial(description: "pulpe:client-key:\(url.path):s:u")
        #expect(serial != nil && witness == .keyring(ring: KernelKeyring.session.ring, description: "pulpe:client-key:\(url.path):s:u",
                                                     serial: serial ?? 0))
        #expect(KeptClientKeys(fileURL: url).key(server: "s", userId: "u") == Self.key, "another reader of the session finds it")
        #expect(kept.forget(server: "s", userId: "u"))
        #expect(KernelKeyring.session.serial(description: "pulpe:client-key:\(url.path):s:u") == nil, "gone from the keyring")
    }
}
