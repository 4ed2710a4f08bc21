import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

/// The session, kept-key and config files damaged on disk (decision 40): every kind of damage is a
/// typed error naming the file — never a crash, never a hang — and the private files' modes are
/// fixed and said. A session that cannot be read means « log in again »: the next login writes a
/// good file over it.
struct DamagedPrivateFilesTests {
    static let server = "https://a.example/api/v1"

    /// The damage tried on each file: what is written at its path.
    enum Damage: String, CaseIterable, Sendable {
        case garbage, truncated, empty, wrongShape, directory, fifo, symlinkLoop

        /// Puts this damage at `url`; `good` is a valid file's bytes (for truncation).
        func apply(to url: URL, good: Data) throws {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch self {
            case .garbage: try Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }).write(to: url)
            case .truncated: try good.prefix(good.count / 2).write(to: url)
            case .empty: try Data().write(to: url)
            case .wrongShape: try Data(#"{"version":1,"servers":["not","an","object"],"keys":7}"#.utf8).write(to: url)
            case .directory: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            case .fifo: #expect(mkfifo(url.path, 0o600) == 0)
            case .symlinkLoop: try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: url.lastPathComponent)
            }
        }

        /// The reason the error gives.
        var reason: String {
            switch self {
            case .garbage, .truncated, .empty, .wrongShape: "not a"
            case .directory: "a directory is in its place"
            case .fifo: "not a regular file"
            case .symlinkLoop: "Too many levels of symbolic links"
            }
        }
    }

    static func goodSessionFile(at url: URL) throws -> Data {
        try SessionStore(fileURL: url).save(storedSession(), server: server)
        let data = try Data(contentsOf: url)
        try FileManager.default.removeItem(at: url)
        return data
    }

    @Test(arguments: Damage.allCases)
    func aDamagedSessionFileIsAnErrorNamingItAndTheNextLoginReplacesIt(_ damage: Damage) throws {
        let scratch = ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.url.appendingPathComponent("state/pulpe/session.json")
        let good = try Self.goodSessionFile(at: url)
        try damage.apply(to: url, good: good)
        let store = SessionStore(fileURL: url)

        let check = store.checkAtStart()
        #expect(check.problem == .unreadable(path: url.path, reason: check.problem.map(Self.reason) ?? ""))
        #expect(check.problem.map(Self.reason)?.contains(damage.reason) == true, "\(String(describing: check.problem))")
        #expect(throws: SessionStoreError.self) { try store.load(server: Self.server) }

        // Logging in again writes a good file over a damaged one; a directory is never replaced.
        if damage == .directory {
            #expect(throws: SessionStoreError.self) { try store.save(storedSession(), server: Self.server) }
        } else {
            try store.save(storedSession(access: "acc-new"), server: Self.server)
            #expect(try store.load(server: Self.server)?.session.accessToken == "acc-new")
            #expect(posixMode(url.path) == 0o600)
        }
    }

    @Test func aSessionManagerRestoresNothingFromADamagedFileAndSaysWhy() async throws {
        let scratch = ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.url.appendingPathComponent("state/pulpe/session.json")
        try Damage.garbage.apply(to: url, good: Data())
        let client = await Fixture.client(ScriptedTransport([]))
        let sessions = AuthSessionManager(client: client, store: SessionStore(fileURL: url))
        #expect(await sessions.restore() == nil)
        #expect(await sessions.lastPersistenceError == .unreadable(path: url.path, reason: "not a session file"))
    }

    /// A damaged `client-keys.json` left by an earlier version (decision 103): said once at start,
    /// wiped when it is a regular file, and the next PIN keeps the key in the agent regardless.
    @Test(arguments: Damage.allCases)
    func aDamagedOldKeptKeyFileMeansThePinAgainAndTheNextPinGoesToTheAgent(_ damage: Damage) throws {
        let scratch = ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.url.appendingPathComponent("state/pulpe/client-keys.json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let good = Data(#"{"keys":{"\#(Self.server) u1":"\#(KeptClientKeysTests.key)"},"version":1}"#.utf8)
        try damage.apply(to: url, good: good)
        let kept = KeptClientKeys(fileURL: url, keyring: nil, agent: InMemoryKeyAgent())

        let check = kept.checkAtStart()
        #expect(check.problem.map(Self.reason)?.contains(damage.reason) == true, "\(String(describing: check.problem))")
        #expect(kept.key(server: Self.server, userId: "u1") == nil, "no key: the PIN is asked")
        if [.garbage, .truncated, .empty, .wrongShape].contains(damage) {
            #expect(!FileManager.default.fileExists(atPath: url.path), "wiped")
        }
        #expect(try kept.keep(KeptClientKeysTests.key, server: Self.server, userId: "u1") == .agent)
        #expect(kept.key(server: Self.server, userId: "u1") == KeptClientKeysTests.key)
    }

    @Test func widerModesAreTightenedAtStartAndSaid() throws {
        let scratch = ScratchDirectory()
        defer { scratch.cleanUp() }
        let sessionURL = scratch.url.appendingPathComponent("state/pulpe/session.json")
        try SessionStore(fileURL: sessionURL).save(storedSession(), server: Self.server)
        #expect(chmod(sessionURL.path, 0o644) == 0)

        let session = SessionStore(fileURL: sessionURL).checkAtStart()
        #expect(session.tightened == "\(sessionURL.path): mode 0644 tightened to 0600")
        #expect(session.problem == nil)
        #expect(posixMode(sessionURL.path) == 0o600)
        #expect(SessionStore(fileURL: sessionURL).checkAtStart().tightened == nil, "said once, when it was fixed")
    }

    @Test(arguments: [Damage.garbage, .truncated, .empty, .wrongShape, .directory, .fifo, .symlinkLoop])
    func aDamagedConfigFileIsOneEnglishLineNeverAHang(_ damage: Damage) throws {
        let scratch = ScratchDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.url.appendingPathComponent("config/pulpe/config.json")
        let good = Data(#"{"api_url": "https://api.pulpe.app/api/v1", "profiles": {"work": {"api_url": "https://w.example/api/v1"}}}"#.utf8)
        try damage.apply(to: url, good: good)
        let wrongShape = Data(#"{"api_url": 12, "profiles": []}"#.utf8)
        if damage == .wrongShape { try wrongShape.write(to: url) }
        #expect {
            _ = try ConfigFile.load(path: url.path)
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            let text = error.description
            switch damage {
            case .garbage, .truncated, .empty: return text == "config file \(url.path): not a JSON object"
            case .wrongShape: return text == "config file \(url.path): api_url must be a string"
            case .directory: return text == "cannot read the config file \(url.path): a directory is in its place"
            case .fifo: return text == "cannot read the config file \(url.path): not a regular file"
            case .symlinkLoop: return text == "cannot read the config file \(url.path): Too many levels of symbolic links"
            }
        }
    }

    private static func reason(_ error: SessionStoreError) -> String {
        switch error {
        case let .unreadable(_, reason), let .unwritable(_, reason): reason
        }
    }
}
