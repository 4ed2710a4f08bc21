import Foundation
import PulpeDomain
import PulpeStore
import Testing
@testable import PulpeStatusLine

/// The launcher's answer over real files: a real cache, session file and outbox place. It answers
/// while every input is as the app left it, and stops answering as soon as one moves.
@Suite(.serialized)
struct FastStatusAnswerTests {
    static let now = 1_795_704_100.0
    static let march = BudgetMonth(year: 2027, month: 3)

    /// A home with a cache holding a month and the settings, and a saved session.
    final class Home {
        let folder: URL
        let environment: [String: String]
        let paths: StatusPaths
        let cache: CacheStore
        let scope = CacheScope(serverKey: "http://127.0.0.1:3000/api/v1", userId: "user-ana")

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-status-\(UUID().uuidString)")
            environment = ["HOME": folder.path]
            paths = try #require(StatusPaths(environment: environment))
            try FileManager.default.createDirectory(atPath: (paths.session as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data(#"{"session":1}"#.utf8).write(to: URL(fileURLWithPath: paths.session))
            cache = CacheStore.open(at: paths.cache)
            cache.saveSettings(UserSettings(payDayOfMonth: 25), scope: scope, fetchedAt: Date(timeIntervalSince1970: now - 10))
            cache.saveMonth(nil, month: march, scope: scope, fetchedAt: Date(timeIntervalSince1970: now - 10))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        var figures: StatusFigures {
            var figures = StatusFiguresTests.december
            figures.fetchedAt = now - 10
            return figures
        }

        /// What the app does after a fresh answer: capture, (read), leave.
        @discardableResult
        func leave(_ key: StatusMemo.KeyCondition = .noneNeeded, figures: StatusFigures? = nil, between: () -> Void = {}) -> Bool {
            let before = LocalInputs.capture(paths, environment: environment, now: now)
            between()
            return StatusMemo.leave(key, figures: figures ?? self.figures, before: before, paths: paths, environment: environment,
                                    now: now)
        }

        func answer(_ request: FastStatus.Request = FastStatus.Request(), environment: [String: String]? = nil,
                    at time: Double = now) -> String? {
            let memo = try? String(contentsOfFile: paths.memo, encoding: .utf8)
            return FastStatus.answer(request, memoText: memo, paths: paths, environment: environment ?? self.environment, now: time)
        }
    }

    static let line = "Disponible décembre : 3’908.46 CHF"

    @Test func aMemoLeftAfterAFreshAnswerAnswersTheNextCall() throws {
        let home = try Home()
        #expect(home.leave())
        #expect(home.answer() == Self.line)
        #expect(home.answer(FastStatus.Request(maxAge: 300, format: "{compact}|{pending}|{age}", json: false)) == "3’908 CHF|0|0")
        #expect(home.answer(FastStatus.Request(json: true)) == home.figures.json)
        let mode = try FileManager.default.attributesOfItem(atPath: home.paths.memo)[.posixPermissions] as? Int
        #expect(mode == 0o600, "it holds what is left to spend")
    }

    @Test func aSavedMonthOrSettingsStopsIt() throws {
        let home = try Home()
        home.leave()
        // The same month saved again, even with the same fetch time: a new rows stamp.
        home.cache.saveMonth(nil, month: Self.march, scope: home.scope, fetchedAt: Date(timeIntervalSince1970: Self.now - 10))
        #expect(home.answer() == nil)
        home.leave()
        home.cache.saveSettings(UserSettings(payDayOfMonth: 1), scope: home.scope, fetchedAt: Date(timeIntervalSince1970: Self.now))
        #expect(home.answer() == nil)
        home.leave()
        _ = home.cache.month(Self.march, scope: home.scope)
        #expect(home.answer() == Self.line, "a read changes nothing")
    }

    @Test func aChangedSessionOutboxOrConfigurationStopsIt() throws {
        for change in ["session", "outbox", "wal", "config"] {
            let home = try Home()
            home.leave()
            switch change {
            case "session": try Data(#"{"session":2}"#.utf8).write(to: URL(fileURLWithPath: home.paths.session))
            case "config":
                try FileManager.default.createDirectory(atPath: (home.paths.config as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data("{}".utf8).write(to: URL(fileURLWithPath: home.paths.config))
            default:
                try FileManager.default.createDirectory(atPath: (home.paths.outbox as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data("x".utf8).write(to: URL(fileURLWithPath: home.paths.outbox + (change == "wal" ? "-wal" : "")))
            }
            #expect(home.answer() == nil, "\(change)")
        }
    }

    @Test func anotherEnvironmentDayOrAgeStopsIt() throws {
        let home = try Home()
        home.leave()
        #expect(home.answer(environment: home.environment.merging(["PULPE_API_URL": "http://127.0.0.1:4000/api/v1"]) { $1 }) == nil)
        #expect(home.answer(environment: home.environment.merging(["TZ": "Pacific/Kiritimati"]) { $1 }) == nil)
        #expect(home.answer(environment: home.environment.merging(["LANG": "C"]) { $1 }) == Self.line, "not an input")
        #expect(home.answer(FastStatus.Request(maxAge: 9)) == nil, "10 s old")
        #expect(home.answer(FastStatus.Request(maxAge: 10)) == Self.line)
        #expect(home.answer(FastStatus.Request(maxAge: 3 * 86_400), at: Self.now + 86_400) == nil, "the next day")
    }

    @Test func aKeyThatIsNoLongerKeptStopsIt() throws {
        let home = try Home()
        home.leave(.keyring(description: "pulpe:client-key:no-such-key:\(UUID().uuidString)", serial: 12345))
        #expect(home.answer() == nil)
    }

    /// The key agent's entry (decision 103): the fast path asks `has` and compares the serial; an
    /// agent gone, an entry forgotten or kept again (another serial) stops it.
    @Test func anAgentKeyIsAskedOfTheAgent() throws {
        let home = try Home()
        let agent = try FakeAgent(entries: ["7375": 7])
        defer { agent.stop() }
        home.leave(.agent(socket: agent.socket, entry: "7375", serial: 7))
        #expect(home.answer() == Self.line)
        #expect(agent.requests == ["has 7375"], "one line, which neither renews nor sends the key")
        home.leave(.agent(socket: agent.socket, entry: "7375", serial: 8))
        #expect(home.answer() == nil, "kept again since")
        home.leave(.agent(socket: agent.socket, entry: "7376", serial: 7))
        #expect(home.answer() == nil, "no such entry")
        agent.stop()
        home.leave(.agent(socket: agent.socket, entry: "7375", serial: 7))
        #expect(home.answer() == nil, "no agent")
    }

    @Test func nothingIsLeftWhenAnInputMovedDuringTheReadOrTheAnswerIsStale() throws {
        let home = try Home()
        home.leave()
        let moved = home.leave {
            home.cache.saveMonth(nil, month: Self.march, scope: home.scope, fetchedAt: Date(timeIntervalSince1970: Self.now))
        }
        #expect(!moved && !FileManager.default.fileExists(atPath: home.paths.memo), "and the old memo is gone")
        var stale = home.figures
        stale.isStale = true
        #expect(!home.leave(figures: stale))
        #expect(home.answer() == nil)
        #expect(home.leave())
        try FileManager.default.removeItem(atPath: home.paths.memo)
        #expect(home.answer() == nil)
    }
}
