import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

func posixMode(_ path: String) -> Int? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
          let mode = attributes[.posixPermissions] as? NSNumber else { return nil }
    return mode.intValue & 0o777
}

func storedSession(access: String = "acc-1", refresh: String = "ref-1", kind: SessionKind = .password,
                   receivedAt: Date = Fixture.now, expiresIn: Int = 3600) -> StoredSession {
    StoredSession(session: AuthSession(accessToken: access, expiresIn: expiresIn,
                                       expiresAt: Int64(receivedAt.timeIntervalSince1970) + Int64(expiresIn),
                                       refreshToken: refresh, user: AuthUser(id: "user-1", email: "demo@pulpe.local")),
                  receivedAt: receivedAt, kind: kind)
}

@Suite("Session file: 0600, atomic, keyed by server")
struct SessionStoreTests {
    @Test("Saving creates the file 0600 in a 0700 directory, with no temporary file left")
    func fileMode() throws {
        let scratch = ScratchDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.url.appendingPathComponent("state/pulpe/session.json")
        let store = SessionStore(fileURL: file)
        try store.save(storedSession(), server: "https://a.example/api/v1")
        #expect(posixMode(file.path) == 0o600)
        #expect(posixMode(file.deletingLastPathComponent().path) == 0o700)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(siblings == ["session.json"])
        #expect(try store.load(server: "https://a.example/api/v1") == storedSession())

        // Rewrites keep the mode.
        try store.save(storedSession(access: "acc-2"), server: "https://a.example/api/v1")
        #expect(posixMode(file.path) == 0o600)
    }

    @Test("Two servers never mix; removing the last one deletes the file")
    func keyedByServer() throws {
        let scratch = ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = SessionStore(fileURL: scratch.url.appendingPathComponent("session.json"))
        let a = storedSession(access: "acc-a", refresh: "ref-a")
        let b = storedSession(access: "acc-b", refresh: "ref-b", kind: .demo)
        try store.save(a, server: "https://a.example/api/v1")
        try store.save(b, server: "http://127.0.0.1:3000/api/v1")
        #expect(try store.load(server: "https://a.example/api/v1") == a)
        #expect(try store.load(server: "http://127.0.0.1:3000/api/v1") == b)
        #expect(try store.load(server: "https://other.example/api/v1") == nil)

        try store.remove(server: "https://a.example/api/v1")
        #expect(try store.load(server: "https://a.example/api/v1") == nil)
        #expect(try store.load(server: "http://127.0.0.1:3000/api/v1") == b)
        try store.remove(server: "http://127.0.0.1:3000/api/v1")
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    }

    @Test("A file found world-readable is tightened to 0600 when read")
    func tightensMode() throws {
        let scratch = ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = SessionStore(fileURL: scratch.url.appendingPathComponent("session.json"))
        try store.save(storedSession(), server: "s")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.fileURL.path)
        _ = try store.load(server: "s")
        #expect(posixMode(store.fileURL.path) == 0o600)
    }

    @Test("A corrupt file reads as an error and is replaced by the next save")
    func corruptFile() throws {
        let scratch = ScratchDirectory()
        defer { scratch.cleanUp() }
        let store = SessionStore(fileURL: scratch.url.appendingPathComponent("session.json"))
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: store.fileURL)
        #expect(throws: SessionStoreError.unreadable(path: store.fileURL.path, reason: "not a session file")) {
            try store.load(server: "s")
        }
        try store.save(storedSession(), server: "s")
        #expect(try store.load(server: "s") == storedSession())
    }

    @Test("Default location follows XDG_STATE_HOME")
    func location() {
        #expect(SessionStore.defaultFileURL(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path
            == "/x/state/pulpe/session.json")
        #expect(SessionStore.defaultFileURL(environment: ["HOME": "/home/u"]).path == "/home/u/.local/state/pulpe/session.json")
    }

    @Test("Descriptions, debug descriptions and dumps never show the tokens")
    func redaction() {
        let session = storedSession(access: "SECRET-ACCESS", refresh: "SECRET-REFRESH")
        var dumped = ""
        dump(session, to: &dumped)
        for text in [session.description, session.debugDescription, "\(session)", String(reflecting: session), dumped,
                     "\(session.info)"] {
            #expect(!text.contains("SECRET"))
        }
        #expect(session.description.contains("user-1"))
    }
}
