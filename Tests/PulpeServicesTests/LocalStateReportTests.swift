import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeStore
import Synchronization
import Testing
@testable import PulpeServices

/// What `AppServices.start` finds wrong with the local files, and what it does about it: the
/// whole start over damaged files — nothing thrown, every finding logged, the outbox's part handed
/// to the TUI, and new expenses still stored after a damaged outbox was kept aside.
@Suite struct LocalStateReportTests {
    static let fixed = Date(timeIntervalSince1970: 1_795_480_000)   // 2026-11-24 00:26:40 UTC

    private func start(home: String, log: CapturedLog) async throws -> AppServices {
        let environment = ["HOME": home]
        let remote = APIConfiguration.sandbox(baseURL: URL(string: "http://127.0.0.1:9/api/v1")!)
        return try await AppServices.start(.remote(remote), environment: environment, logger: log.logger,
                                           clock: WallClock(now: { Self.fixed }, timeZone: .utc))
    }

    @Test func damagedFilesAreReportedAndTheOutboxIsKeptAside() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-local-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let state = home + "/.local/state/pulpe"
        let data = home + "/.local/share/pulpe"
        for folder in [state, data, home + "/.cache/pulpe"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 5) })
        #expect(FileManager.default.createFile(atPath: data + "/outbox.sqlite", contents: garbage))
        #expect(FileManager.default.createFile(atPath: state + "/session.json", contents: Data("{\"version\":".utf8),
                                               attributes: [.posixPermissions: 0o644]))
        #expect(FileManager.default.createFile(atPath: state + "/client-keys.json", contents: Data("[]".utf8)))
        #expect(FileManager.default.createFile(atPath: home + "/.cache/pulpe/cache.sqlite", contents: garbage))

        let log = CapturedLog()
        let app = try await start(home: home, log: log)
        defer { Task { await app.stop() } }
        let kept = data + "/outbox-damaged-20261124-002640.sqlite"
        let report = app.localState
        // No key at start (the session cannot be read): the sealed outbox cannot be judged, and
        // is left exactly as it is (decision 83).
        #expect(report.outboxSetAside == nil)
        #expect(FileManager.default.contents(atPath: data + "/outbox.sqlite") == garbage, "untouched while locked")
        #expect(report.sessionUnreadable == .unreadable(path: state + "/session.json", reason: "not a session file"))
        #expect(report.keptKeysUnreadable == .unreadable(path: state + "/client-keys.json", reason: "not a client-key file"))
        // The test made these files and folders with the umask's modes (0644 / 0755).
        #expect(report.tightened == ["\(state)/session.json: mode 0644 tightened to 0600",
                                     "\(data): mode 0755 tightened to 0700",
                                     "\(data)/outbox.sqlite: mode 0644 tightened to 0600"])
        #expect(report.userLines == ["the saved session cannot be read; sign in again with `pulpe`"])
        let lines = log.all
        #expect(lines.contains("warning local state: cannot read session file \(state)/session.json: not a session file; sign in again"))
        #expect(lines.contains("warning local state: permissions: \(state)/session.json: mode 0644 tightened to 0600"))
        #expect(app.outbox != nil, "an outbox, locked")

        // The first key opens it: what that key cannot read is kept aside byte for byte, a fresh
        // outbox takes its place, and new expenses are stored.
        await app.network.client.setClientKey(DemoSession.clientKey)
        #expect(FileManager.default.contents(atPath: kept) == garbage, "kept byte for byte")
        #expect(log.all.contains { $0.hasPrefix("error the outbox \(data)/outbox.sqlite could not be read with this key") }, "\(log.all)")
        #expect(app.outbox?.isUnsealed == true)
        #expect(try app.outbox?.totalCount() == 0)
    }

    @Test func aHealthyStartReportsNothing() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-local-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let log = CapturedLog()
        do {
            let app = try await start(home: home, log: log)
            #expect(app.localState == LocalStateReport())
            await app.stop()
        }
        let again = try await start(home: home, log: log)
        #expect(again.localState == LocalStateReport())
        #expect(!log.all.contains { $0.contains("local state") }, "\(log.all)")
        await again.stop()
    }

    /// Decision 98: an outbox whose key the VFS refused is not opened, and said as local data
    /// unavailable rather than as a disk to check.
    @Test func anOutboxThatCannotBeSealedIsSaidAsLocalDataUnavailable() {
        var report = LocalStateReport()
        report.outboxUnusable = "outbox: cannot use /home/ana/.local/share/pulpe/outbox.sqlite: the key cannot be registered"
        #expect(report.outboxNotice == .unavailable)
        report.outboxUnsealable = true
        #expect(report.outboxNotice == .unsealable)
    }

    @Test func anOutboxThatCannotBeOpenedIsSaidAndAddingIsRefused() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-local-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        // A file where the data folder goes: the outbox cannot be made, and nothing is moved.
        try FileManager.default.createDirectory(atPath: home + "/.local/share", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: home + "/.local/share/pulpe", contents: Data("x".utf8)))
        let log = CapturedLog()
        let app = try await start(home: home, log: log)
        #expect(app.outbox == nil)
        #expect(app.localState.outboxNotice == .unavailable)
        #expect(app.localState.userLines.first?.hasPrefix("the outbox cannot be used (outbox: cannot use ") == true)
        #expect(FileManager.default.contents(atPath: home + "/.local/share/pulpe") == Data("x".utf8))
        await app.stop()
    }
}
