import Foundation
import Glibc
@testable import PulpeNetworking
import PulpeStatusLine
import Synchronization
import Testing

/// The key agent (decision 103): its protocol and lifetimes on a clock of the test's own, and its
/// socket loop in this process — one line each way, a 0600 socket, gone when it holds nothing.
struct KeyAgentTests {
    static let entry = KeyAgentWire.hex("https://a/api/v1 user-1")
    static let payload = KeyAgentWire.hex(KeptClientKeysTests.key + ";ttl=600")

    @Test func theProtocolKeepsGetsPeeksAndForgets() {
        var store = KeyAgentStore()
        #expect(store.respond(to: "get \(Self.entry)", now: 0).reply == "none")
        let kept = store.respond(to: "keep \(Self.entry) 600 \(Self.payload)", now: 0).reply
        #expect(kept.hasPrefix("ok "))
        #expect(store.respond(to: "get \(Self.entry)", now: 1).reply == "key \(Self.payload)")
        #expect(store.respond(to: "peek \(Self.entry)", now: 1).reply == "key \(Self.payload)")
        #expect(store.respond(to: "has \(Self.entry)", now: 1).reply == "yes " + kept.dropFirst(3), "the keep's serial")
        #expect(store.respond(to: "forget \(Self.entry)", now: 2).reply == "ok")
        #expect(store.respond(to: "forget \(Self.entry)", now: 2).reply == "none")
        #expect(store.isEmpty && store.hasHeld)
    }

    @Test func aUseRenewsAndALookDoesNot() {
        var store = KeyAgentStore()
        store.keep("e", payload: "p", ttlSeconds: 600, now: 0)
        #expect(store.payload("e", now: 500, renewing: true) == "p")
        #expect(store.payload("e", now: 1099, renewing: false) == "p", "600 s after the use")
        #expect(store.serial("e", now: 1099) != nil)
        #expect(store.payload("e", now: 1100, renewing: false) == nil, "the peek and the has at 1099 renewed nothing")
        #expect(store.isEmpty, "an expired entry is dropped")
        #expect(store.nextExpiry == nil)
    }

    @Test func keepingAgainGivesANewSerial() {
        var store = KeyAgentStore()
        let first = store.keep("e", payload: "p", ttlSeconds: 60, now: 0)
        let second = store.keep("e", payload: "q", ttlSeconds: 60, now: 1)
        #expect(first != second)
        #expect(store.payload("e", now: 2, renewing: false) == "q")
        var another = KeyAgentStore()
        #expect(another.keep("e", payload: "p", ttlSeconds: 60, now: 0) != first, "another agent's serials differ")
    }

    @Test(arguments: ["", "keep", "keep zz 60 61", "keep 65 0 61", "keep 65 -5 61", "keep 65 60 ", "keep 6 60 61", "get", "get 65 66",
                      "has xy", "stop now", "GET 65", String(repeating: "a", count: 5000),
                      "keep 65 60 " + String(repeating: "61", count: KeyAgentWire.maximumFieldBytes + 1)])
    func malformedLinesAreErrors(line: String) {
        var store = KeyAgentStore()
        #expect(store.respond(to: line, now: 0) == ("error", false))
        #expect(!store.hasHeld)
    }

    @Test func stopForgetsEverything() {
        var store = KeyAgentStore()
        store.keep("e", payload: "p", ttlSeconds: 60, now: 0)
        #expect(store.respond(to: "stop", now: 1) == ("ok", true))
        #expect(store.isEmpty)
    }

    @Test func hexCarriesAnyText() {
        for text in ["", "https://a/api/v1 user 1", "é\n\t|;", "\u{0}"] {
            #expect(KeyAgentWire.unhex(Substring(KeyAgentWire.hex(text))) == text)
        }
        #expect(KeyAgentWire.unhex("ABCD") == nil, "lowercase only")
        #expect(KeyAgentWire.unhex("abc") == nil)
    }

    @Test func theSocketIsNamedAfterTheStateAndLivesInAPrivateFolder() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-run-\(UUID().uuidString.prefix(8))").path
        #expect(mkdir(folder, 0o700) == 0)
        defer { rmdir(folder) }
        let runtime = ["XDG_RUNTIME_DIR": folder]
        let one = KeyAgentPaths.socket(environment: runtime, keptKeysPath: "/home/a/.local/state/pulpe/client-keys.json")
        let two = KeyAgentPaths.socket(environment: runtime, keptKeysPath: "/home/b/.local/state/pulpe/client-keys.json")
        #expect(one.hasPrefix(folder + "/pulpe/agent-") && one.hasSuffix(".sock"))
        #expect(one != two, "two homes, two agents")
        #expect(KeyAgentPaths.socket(environment: [:], keptKeysPath: "/x").hasPrefix("/tmp/pulpe-\(getuid())/agent-"))
        #expect(KeyAgentPaths.socket(environment: ["XDG_RUNTIME_DIR": "relative"], keptKeysPath: "/x").hasPrefix("/tmp/pulpe-"))
        #expect(KeyAgentPaths.socket(environment: ["XDG_RUNTIME_DIR": folder + "/gone"], keptKeysPath: "/x").hasPrefix("/tmp/pulpe-"),
                "a runtime folder that does not exist")
    }

    @Test func aFolderOthersCanEnterIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-agent-\(UUID().uuidString.prefix(8))").path
        defer { rmdir(folder) }
        #expect(mkdir(folder, 0o700) == 0 && chmod(folder, 0o755) == 0)
        #expect(!KeyAgentPaths.prepareDirectory(of: folder + "/agent.sock"), "0755")
        #expect(KeyAgentClient(socket: folder + "/agent.sock").exchange("has ") == nil)
        #expect(chmod(folder, 0o700) == 0)
        #expect(KeyAgentPaths.prepareDirectory(of: folder + "/agent.sock"))
    }

    /// A clock the loop reads, moved by the test.
    final class LoopClock: Sendable {
        let seconds = Mutex(1000.0)
        func now() -> Double { seconds.withLock { $0 } }
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
    }

    /// Set once the loop has ended.
    final class Ended: Sendable {
        private let flag = Mutex(false)
        func set() { flag.withLock { $0 = true } }
        var value: Bool { flag.withLock { $0 } }
    }

    /// Runs the holder's loop on a thread at a fresh private socket; returns the socket, the link,
    /// and a way to know when the loop ended.
    static func serving(clock: LoopClock, idle: Double = 10) throws -> (socket: String, agent: SocketKeyAgent, ended: Ended) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-agent-\(UUID().uuidString.prefix(8))").path
        let socket = folder + "/agent.sock"
        #expect(KeyAgentPaths.prepareDirectory(of: socket))
        let listening = UnixSocket.make()
        // Not umask, as the agent's starter does: it is the whole process's, and tests run in parallel.
        try #require(UnixSocket.bind(listening, to: socket) == 0 && chmod(socket, 0o600) == 0 && listen(listening, 8) == 0)
        let ended = Ended()
        Thread.detachNewThread {
            _ = KeyAgentServer.serve(listening: listening, socket: socket, idleStartSeconds: idle, now: { clock.now() })
            ended.set()
            rmdir(folder)
        }
        return (socket, SocketKeyAgent(socket: socket, executable: nil), ended)
    }

    static func waitUntil(_ done: () -> Bool) -> Bool {
        for _ in 0..<300 where !done() { usleep(10_000) }
        return done()
    }

    @Test func theLoopAnswersOnA0600SocketAndExitsWhenItHoldsNothing() throws {
        let clock = LoopClock()
        let (socket, agent, ended) = try Self.serving(clock: clock)
        var info = stat()
        #expect(lstat(socket, &info) == 0 && info.st_mode & 0o777 == 0o600, "mode 0600")
        let serial = try #require(agent.keep(entry: "s u", payload: "p;ttl=60", ttlSeconds: 60))
        #expect(agent.payload(entry: "s u", renewing: false) == "p;ttl=60")
        #expect(agent.serial(entry: "s u") == serial)
        #expect(KeyAgentClient(socket: socket).serial(ofEntryHex: KeyAgentWire.hex("s u")) == serial, "the launcher's question")
        #expect(agent.forget(entry: "s u"))
        #expect(Self.waitUntil { ended.value }, "nothing held: the agent exits")
        #expect(access(socket, F_OK) != 0, "and its socket is gone")
    }

    @Test func theLoopExitsAtTheLastExpiry() throws {
        let clock = LoopClock()
        let (socket, agent, ended) = try Self.serving(clock: clock)
        try #require(agent.keep(entry: "s u", payload: "p", ttlSeconds: 60) != nil)
        clock.advance(59)
        #expect(agent.payload(entry: "s u", renewing: true) == "p")
        clock.advance(59)
        #expect(!ended.value, "renewed by the use")
        clock.advance(1)
        #expect(Self.waitUntil { ended.value }, "expired: the agent exits by itself")
        #expect(access(socket, F_OK) != 0)
    }

    @Test func theLoopExitsWhenItsSocketIsRemovedOrAskedToStop() throws {
        let clock = LoopClock()
        let removed = try Self.serving(clock: clock)
        try #require(removed.agent.keep(entry: "s u", payload: "p", ttlSeconds: 600) != nil)
        unlink(removed.socket)
        #expect(Self.waitUntil { removed.ended.value }, "a logout wiped the runtime folder")
        let stopped = try Self.serving(clock: clock)
        try #require(stopped.agent.keep(entry: "s u", payload: "p", ttlSeconds: 600) != nil)
        #expect(stopped.agent.stop())
        #expect(Self.waitUntil { stopped.ended.value })
        let idle = try Self.serving(clock: clock, idle: 5)
        #expect(Self.waitUntil { idle.agent.client.exchange("has ") != nil }, "the loop is up")
        clock.advance(6)
        #expect(Self.waitUntil { idle.ended.value }, "never handed a key")
    }

    /// A peer of another user is answered nothing (`SO_PEERCRED`). Only as root, which can run a
    /// client as `nobody` (the socket opened to everyone for the test alone).
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs root, setpriv and python3"))
    func aPeerOfAnotherUserIsRefused() throws {
        let clock = LoopClock()
        let (socket, agent, _) = try Self.serving(clock: clock)
        defer { agent.stop() }
        try #require(agent.keep(entry: "s u", payload: "p", ttlSeconds: 600) != nil)
        let folder = (socket as NSString).deletingLastPathComponent
        #expect(chmod(folder, 0o711) == 0 && chmod(socket, 0o666) == 0)
        let script = """
            import socket; s = socket.socket(socket.AF_UNIX)
            try:
                s.connect('\(socket)'); s.sendall(b'peek \(KeyAgentWire.hex("s u"))\\n'); print(repr(s.recv(4096)))
            except (ConnectionResetError, BrokenPipeError):
                print("reset")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(["b''", "reset"].contains(text.trimmingCharacters(in: .whitespacesAndNewlines)), "closed without a word: \(text) \(problem)")
        #expect(chmod(folder, 0o700) == 0, "private again: its own user's client trusts it")
        #expect(agent.payload(entry: "s u", renewing: false) == "p", "still held for its own user")
    }
}
