import Foundation
import PulpeServices
import PulpeStatusLine
import Testing

/// Decision 111: each account of a home has its own sealed set. The home's set belongs to the
/// account its `data-key.json` names; another account's is in `accounts/<slot>/`; an account's own
/// folder, once it exists, stays its own; the launcher names the same files as the app.
@Suite struct AccountFilesTests {
    static let server = "https://api.pulpe.example/api/v1"
    static let a = VaultAccount(server: server, userId: "user-a", isDemo: false)
    static let b = VaultAccount(server: server, userId: "user-b", isDemo: false)
    static let demo = VaultAccount(server: server, userId: "", isDemo: true)

    /// A temporary home, and a `data-key.json` for `owner` written as the vault writes its account.
    struct Home {
        let path = NSTemporaryDirectory() + "pulpe-account-files-\(UUID().uuidString)"
        var environment: [String: String] { ["HOME": path] }
        var home: AccountFiles { AccountFiles.home(environment: environment) }

        func bind(_ file: String, to owner: VaultAccount?) throws {
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            var json: [String: Any] = ["version": 1, "wraps": [] as [Any]]
            if let owner {
                json["account"] = owner.label
                json["demo"] = owner.isDemo
            }
            try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: file))
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func anEmptyHomeIsTheFirstAccountsAndNothingOpensWithoutOne() throws {
        let home = Home()
        defer { home.remove() }
        #expect(AccountFiles.of(Self.a, environment: home.environment) == home.home)
        #expect(AccountFiles.of(nil, environment: home.environment) == home.home)
        #expect(home.home.outbox.hasSuffix("/.local/share/pulpe/outbox.sqlite"))
        #expect(home.home.dataKey.hasSuffix("/.local/share/pulpe/data-key.json"))
        #expect(home.home.cache.hasSuffix("/.cache/pulpe/cache.sqlite"))
    }

    @Test func aSecondAccountAndTheDemoHaveTheirOwnSetBesideTheHomes() throws {
        let home = Home()
        defer { home.remove() }
        try home.bind(home.home.dataKey, to: Self.a)
        #expect(AccountFiles.of(Self.a, environment: home.environment) == home.home)
        let ofB = AccountFiles.of(Self.b, environment: home.environment)
        let ofDemo = AccountFiles.of(Self.demo, environment: home.environment)
        #expect(Set([ofB.outbox, ofDemo.outbox, home.home.outbox]).count == 3)
        for files in [ofB, ofDemo] {
            #expect(files.outbox.hasPrefix(home.path + "/.local/share/pulpe/accounts/"))
            #expect(files.dataKey == (files.outbox as NSString).deletingLastPathComponent + "/data-key.json")
            #expect(files.cache.hasPrefix(home.path + "/.cache/pulpe/accounts/"))
            #expect(!files.outbox.contains("user-"), "no user id in a path: \(files.outbox)")
        }
    }

    @Test func theDemosHomeSetGivesWayToARealAccountOnly() throws {
        let home = Home()
        defer { home.remove() }
        try home.bind(home.home.dataKey, to: Self.demo)
        #expect(AccountFiles.of(Self.a, environment: home.environment) == home.home, "demo data is nobody's (decision 99)")
        #expect(AccountFiles.of(Self.demo, environment: home.environment) == home.home)
        try home.bind(home.home.dataKey, to: nil)
        #expect(AccountFiles.of(Self.b, environment: home.environment) == home.home, "an older pulpe's file: bound at its first open")
    }

    @Test func anAccountsOwnFolderStaysItsOwn() throws {
        let home = Home()
        defer { home.remove() }
        try home.bind(home.home.dataKey, to: Self.a)
        let ofB = AccountFiles.of(Self.b, environment: home.environment)
        try home.bind(ofB.dataKey, to: Self.b)
        try FileManager.default.removeItem(atPath: home.home.dataKey)
        #expect(AccountFiles.of(Self.b, environment: home.environment) == ofB, "B's queued writes stay where B finds them")
        #expect(AccountFiles.of(Self.a, environment: home.environment) == home.home)
    }

    @Test func theLauncherNamesTheAccountsSetAsTheAppDoes() throws {
        let home = Home()
        defer { home.remove() }
        try home.bind(home.home.dataKey, to: Self.a)
        let ofB = AccountFiles.of(Self.b, environment: home.environment)
        let paths = try #require(StatusPaths(environment: home.environment))
        let slot = ((ofB.outbox as NSString).deletingLastPathComponent as NSString).lastPathComponent
        let own = paths.inSlot(slot)
        #expect(own.outbox == ofB.outbox && own.cache == ofB.cache)
        #expect(own.session == paths.session && own.keptKeys == paths.keptKeys, "one session file for every account")
        #expect(paths.following(paths.inputFiles) == paths)
        #expect(paths.following(own.inputFiles) == own)
        var elsewhere = own.inputFiles
        elsewhere[4] = "/tmp/outbox.sqlite"
        #expect(paths.following(elsewhere) == nil, "a memo naming other files is never answered from")
        #expect(paths.following(Array(own.inputFiles.dropLast())) == nil)
    }

    /// The demo tried first, then a real account: the demo's set goes to its own folder, whole and
    /// as it was (the data key last), and the home's set is free — nothing replaced or set aside.
    @Test func aRealAccountAfterTheDemoMovesTheDemosSetToItsOwnFolder() throws {
        let home = Home()
        defer { home.remove() }
        try home.bind(home.home.dataKey, to: Self.demo)
        let files = home.home
        try FileManager.default.createDirectory(atPath: (files.cache as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        for (path, text) in [(files.outbox, "outbox"), (files.outbox + "-wal", "wal"), (files.outbox + ".count", "1"),
                             (files.cache, "cache"), (files.cache + ".generation", "g")] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect(AccountFiles.of(Self.a, environment: home.environment) == files, "reading moves nothing")
        #expect(FileManager.default.fileExists(atPath: files.outbox))
        #expect(AccountFiles.opening(Self.a, environment: home.environment) == files)
        let demo = AccountFiles.of(Self.demo, environment: home.environment)
        #expect(demo != files)
        for path in [files.dataKey, files.outbox, files.outbox + "-wal", files.outbox + ".count", files.cache, files.cache + ".generation"] {
            #expect(!FileManager.default.fileExists(atPath: path), "moved: \(path)")
        }
        func text(_ path: String) -> String? { FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }
        #expect(text(demo.outbox) == "outbox" && text(demo.outbox + "-wal") == "wal" && text(demo.outbox + ".count") == "1")
        #expect(text(demo.cache) == "cache" && text(demo.cache + ".generation") == "g")
        #expect(DataKeyVault.owner(ofFileAt: demo.dataKey)?.isDemo == true)
        #expect(AccountFiles.opening(Self.b, environment: home.environment) == files, "the home's set is free")
    }
}
