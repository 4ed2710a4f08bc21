import Foundation
import PulpeCrypto
import PulpeStore
import Synchronization
import Testing
@testable import PulpeServices

/// The data key's wraps keyed through Argon2id (decision 102): a real account's vault records its
/// salt and cost and no longer opens with the client key's plain hash (the fast offline oracle); a
/// vault from before is stretched at its first open; the demo's is not; what is kept beside the
/// client key spares the derivation, and a stale copy only costs it.
@Suite struct DataKeyStretchTests {
    static let pinA = DataKeyVaultTests.pinA
    static let pinB = DataKeyVaultTests.pinB
    static let accountA = DataKeyVaultTests.accountA
    static let cost = MemoryHardKDF.Cost(memoryKiB: 256, iterations: 1, lanes: 1)

    /// How many derivations ran.
    final class Counter: Sendable {
        let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
    }

    /// A stretcher at a unit test's cost.
    static func cheap(keeper: (any StretchKeeper)? = nil, counter: Counter? = nil) -> KeyStretcher {
        KeyStretcher(cost: cost, keeper: keeper) { secret, salt, cost in
            counter?.count.withLock { $0 += 1 }
            return try MemoryHardKDF.argon2id(secret: secret, salt: salt, cost: cost)
        }
    }

    final class MemoryKeeper: StretchKeeper, Sendable {
        let store = Mutex<[String: [UInt8]]>([:])
        func kept(for account: VaultAccount, record: KeyStretcher.Record) -> [UInt8]? { store.withLock { $0[account.label] } }
        func keep(_ stretched: [UInt8], for account: VaultAccount, record: KeyStretcher.Record) {
            store.withLock { $0[account.label] = stretched }
        }
    }

    static func path() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-stretch-\(UUID().uuidString)/data-key.json").path
    }

    static func file(_ path: String) throws -> DataKeyVault.File {
        try JSONDecoder().decode(DataKeyVault.File.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func aRealAccountsWrapsGoThroughTheStretchAndItsRecord() throws {
        let path = Self.path()
        let made = try DataKeyVault(path: path, stretcher: Self.cheap()).dataKey(clientKey: Self.pinA, account: Self.accountA).key
        let file = try Self.file(path)
        #expect(file.version == 2 && file.stretch?.cost == Self.cost && file.stretch?.salt.count == 32, "\(file)")
        // The client key's plain hash — one SHA-256 per PIN guessed — opens nothing any more.
        let plain = try #require(DataKeyVault.wrappingKey(Self.pinA))
        #expect(file.wraps.allSatisfy { $0.open(with: plain) == nil })
        #expect(try DataKeyVault(path: path, stretcher: Self.cheap()).dataKey(clientKey: Self.pinA, account: Self.accountA) == .opened(made))
    }

    @Test func aVaultFromBeforeIsStretchedAtItsFirstOpen() throws {
        let path = Self.path()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let key = try #require(DataKey.random())
        let plain = try #require(DataKeyVault.wrappingKey(Self.pinA))
        let wrap = try #require(key.wrapped(with: plain, account: Self.accountA.label))
        let old = DataKeyVault.File(wraps: [wrap], salt: nil, account: Self.accountA.label, demo: false)
        try JSONEncoder().encode(old).write(to: URL(fileURLWithPath: path))
        #expect(try DataKeyVault(path: path, stretcher: Self.cheap()).dataKey(clientKey: Self.pinA, account: Self.accountA) == .opened(key))
        let file = try Self.file(path)
        #expect(file.version == 2 && file.stretch != nil && file.wraps.count == 1)
        #expect(try DataKeyVault(path: path, stretcher: Self.cheap()).dataKey(clientKey: Self.pinA, account: Self.accountA) == .opened(key))
        #expect(DataKeyVault(path: path, stretcher: Self.cheap()).opens(clientKey: Self.pinB, account: Self.accountA) == false)
    }

    @Test func theDemosVaultIsNotStretched() throws {
        let path = Self.path()
        let demo = VaultAccount(server: "https://pulpe.example", userId: "x", isDemo: true)
        let count = Counter()
        _ = try DataKeyVault(path: path, stretcher: Self.cheap(counter: count)).dataKey(clientKey: Self.pinA, account: demo)
        #expect(try Self.file(path).stretch == nil && count.value == 0)
    }

    /// Another process (the shell) opens with what the keeper kept: no derivation; a stale copy
    /// (another PIN's) opens nothing, so the derivation runs and the keeper gets the right one.
    @Test func whatIsKeptSparesTheDerivationAndAStaleCopyOnlyCostsIt() throws {
        let path = Self.path()
        let keeper = MemoryKeeper()
        let made = try DataKeyVault(path: path, stretcher: Self.cheap(keeper: keeper)).dataKey(clientKey: Self.pinA, account: Self.accountA)
        let right = try #require(keeper.store.withLock { $0[Self.accountA.label] })

        let count = Counter()
        let shell = DataKeyVault(path: path, stretcher: Self.cheap(keeper: keeper, counter: count))
        #expect(try shell.dataKey(clientKey: Self.pinA, account: Self.accountA) == .opened(made.key))
        #expect(count.value == 0, "the kept stretch opened it")

        keeper.store.withLock { $0[Self.accountA.label] = [UInt8](repeating: 7, count: 32) }
        let stale = DataKeyVault(path: path, stretcher: Self.cheap(keeper: keeper, counter: count))
        #expect(try stale.dataKey(clientKey: Self.pinA, account: Self.accountA) == .opened(made.key))
        #expect(count.value == 1 && keeper.store.withLock { $0[Self.accountA.label] } == right)
    }

    /// A file whose recorded cost is out of bounds (edited, damaged) opens nothing rather than
    /// running a derivation of any size.
    @Test func aRecordedCostOutOfBoundsOpensNothing() throws {
        let path = Self.path()
        _ = try DataKeyVault(path: path, stretcher: Self.cheap()).dataKey(clientKey: Self.pinA, account: Self.accountA)
        var file = try Self.file(path)
        file.stretch?.cost.memoryKiB = 1 << 30
        try JSONEncoder().encode(file).write(to: URL(fileURLWithPath: path))
        #expect(DataKeyVault(path: path, stretcher: Self.cheap()).opens(clientKey: Self.pinA, account: Self.accountA) == false)
    }
}
