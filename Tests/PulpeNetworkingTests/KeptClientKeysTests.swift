import Foundation
@testable import PulpeNetworking
import Testing

/// The client key kept for shell commands: per server and user, in the key agent's memory
/// without a session keyring (never a file, decision 103), in the kernel keyring when there is
/// one, and forgotten from both by `forget`.
struct KeptClientKeysTests {
    static let key = String(repeating: "ab", count: 32)

    static func temporaryFile() -> URL {
        URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("pulpe-kept-\(UUID().uuidString)/state/client-keys.json")
    }

    @Test func theAgentKeepsOneKeyPerServerAndUserAndNoFileIsWritten() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let agent = InMemoryKeyAgent()
        let kept = KeptClientKeys(fileURL: url, keyring: nil, agent: agent)
        #expect(try kept.keep(Self.key.uppercased(), server: "https://a/api/v1", userId: "u1") == .agent)
        #expect(!FileManager.default.fileExists(atPath: url.path), "nothing on disk")
        #expect(!FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path), "not even the folder")
        #expect(kept.key(server: "https://a/api/v1", userId: "u1") == Self.key, "stored lowercase")
        #expect(kept.key(server: "https://b/api/v1", userId: "u1") == nil, "another server has none")
        #expect(kept.key(server: "https://a/api/v1", userId: "u2") == nil, "another user has none")
        #expect(kept.place(server: "https://a/api/v1", userId: "u1") == .agent)
        #expect(kept.forget(server: "https://a/api/v1", userId: "u1"))
        #expect(kept.key(server: "https://a/api/v1", userId: "u1") == nil)
        #expect(agent.isEmpty, "the agent holds nothing: the real one exits")
        #expect(!kept.forget(server: "https://a/api/v1", userId: "u1"))
    }

    /// What is kept beside a key (the stretched key, `<user>#stretch`) goes with it: the agent is
    /// then empty, and exits.
    @Test func forgettingAKeyForgetsWhatWasKeptBesideIt() throws {
        let agent = InMemoryKeyAgent()
        let kept = KeptClientKeys(fileURL: Self.temporaryFile(), keyring: nil, agent: agent)
        try kept.keep(Self.key, server: "s", userId: "u")
        try kept.keep(String(repeating: "cd", count: 32), server: "s", userId: "u#stretch")
        try kept.keep(String(repeating: "ef", count: 32), server: "s", userId: "v")
        #expect(kept.forget(server: "s", userId: "u"))
        #expect(kept.peek(server: "s", userId: "u#stretch") == nil)
        #expect(kept.peek(server: "s", userId: "v") != nil, "another account's stays")
        #expect(kept.forget(server: "s", userId: "v"))
        #expect(agent.isEmpty)
    }

    @Test func withNeitherKeyringNorAgentNothingIsKeptAnywhere() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let kept = KeptClientKeys(fileURL: url, keyring: nil, agent: nil)
        #expect(throws: SessionStoreError.self) { try kept.keep(Self.key, server: "s", userId: "u") }
        #expect(kept.key(server: "s", userId: "u") == nil, "the PIN at the next start")
        #expect(!FileManager.default.fileExists(atPath: url.path), "never a file")
    }

    /// A `client-keys.json` of an earlier version: its live keys move to the agent, keeping their
    /// TTL; an expired one is dropped; the file is gone (zeros first).
    @Test func theOldFileIsMovedToTheAgentAndWiped() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let other = String(repeating: "cd", count: 32)
        let file = #"{"expires":{"s u":1900000000,"s old":1000},"keys":{"s old":"\#(other)","s u":"\#(Self.key)"},"ttl":{"s u":90},"version":1}"#
        try Data(file.utf8).write(to: url)
        let clock = KeptKeyExpiryTests.TestNow()
        let agent = InMemoryKeyAgent(now: { clock.now })
        let kept = KeptClientKeys(fileURL: url, keyring: nil, agent: agent, now: { clock.now })
        let start = kept.checkAtStart()
        #expect(start.problem == nil)
        #expect(start.moved == "\(url.path): 1 kept key(s) moved to agent, the file wiped")
        #expect(!FileManager.default.fileExists(atPath: url.path), "the file is gone")
        #expect(kept.peek(server: "s", userId: "u") == Self.key, "moved")
        #expect(kept.peek(server: "s", userId: "old") == nil, "an expired key is not brought back")
        clock.advance(91)
        #expect(kept.key(server: "s", userId: "u") == nil, "with the TTL it was kept with")
    }

    @Test func anUnreadableOldFileIsWipedAllTheSame() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("[\"\(Self.key)\"]".utf8).write(to: url)
        let start = KeptClientKeys(fileURL: url, keyring: nil, agent: InMemoryKeyAgent()).checkAtStart()
        #expect(start.problem == .unreadable(path: url.path, reason: "not a client-key file"))
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aMalformedPayloadIsIgnored() throws {
        let agent = InMemoryKeyAgent()
        _ = agent.keep(entry: "s u", payload: "not-a-key", ttlSeconds: 60)
        #expect(KeptClientKeys(fileURL: Self.temporaryFile(), keyring: nil, agent: agent).key(server: "s", userId: "u") == nil)
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
