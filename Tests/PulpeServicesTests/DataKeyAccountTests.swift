import Foundation
import Testing
@testable import PulpeServices
import PulpeStore

/// Every wrap bound to its account (decision 99): the account is in the file and in the AEAD's
/// associated data, so no other account — nor the demo — opens, re-wraps or replaces a data key,
/// even with the right client key; a file made before accounts were recorded is bound by the
/// first account that opens it; a key kept aside is taken back before a new one is made.
@Suite struct DataKeyAccountTests {
    private static let pinA = DataKeyVaultTests.pinA
    private static let pinB = DataKeyVaultTests.pinB
    private static let accountA = DataKeyVaultTests.accountA
    private static let accountB = VaultAccount(server: "https://pulpe.example", userId: "user-b", isDemo: false)
    private static let demo = VaultAccount(server: "https://pulpe.example", userId: "anyone", isDemo: true)

    private static func wrapping(_ clientKey: String) throws -> [UInt8] {
        try #require(DataKeyVault.wrappingKey(clientKey))
    }

    @Test func aWrapMadeForOneAccountDoesNotOpenWithAnotherAccountAsAssociatedData() throws {
        let key = try #require(DataKey.random())
        let wrapping = try Self.wrapping(Self.pinA)
        var wrap = try #require(key.wrapped(with: wrapping, account: Self.accountA.label))
        #expect(wrap.account == Self.accountA.label)
        #expect(wrap.open(with: wrapping) == key)
        wrap.account = Self.accountB.label
        #expect(wrap.open(with: wrapping) == nil, "the right key, another account: the tag does not match")
        wrap.account = nil
        #expect(wrap.open(with: wrapping) == nil, "the account dropped from the file: no match either")
    }

    @Test func anotherAccountWithTheRightClientKeyOpensNothingAndChangesNothing() throws {
        let vault = DataKeyVaultTests.vault()
        let made = try vault.dataKey(clientKey: Self.pinA, account: Self.accountA).key
        let before = try Data(contentsOf: URL(fileURLWithPath: vault.path))
        #expect(throws: VaultError.otherAccount(vault.path)) {
            try vault.dataKey(clientKey: Self.pinA, account: Self.accountB)
        }
        #expect(throws: VaultError.otherAccount(vault.path)) {
            try vault.dataKey(clientKey: Self.pinB, account: Self.accountB, previousClientKey: Self.pinA)
        }
        #expect(!vault.opens(clientKey: Self.pinA, account: Self.accountB))
        #expect(try Data(contentsOf: URL(fileURLWithPath: vault.path)) == before, "not re-wrapped, not replaced")
        #expect(try vault.dataKey(clientKey: Self.pinA, account: Self.accountA) == .opened(made))
    }

    @Test func theFileRelabelledForAnotherAccountOpensForNoOne() throws {
        let vault = DataKeyVaultTests.vault()
        _ = try vault.dataKey(clientKey: Self.pinA, account: Self.accountA)
        let text = try String(contentsOfFile: vault.path, encoding: .utf8)
        let escapedA = try #require(String(data: JSONEncoder().encode(Self.accountA.label), encoding: .utf8))
        let escapedB = try #require(String(data: JSONEncoder().encode(Self.accountB.label), encoding: .utf8))
        #expect(text.contains(escapedA))
        try text.replacingOccurrences(of: escapedA, with: escapedB).write(toFile: vault.path, atomically: true, encoding: .utf8)
        #expect(!vault.opens(clientKey: Self.pinA, account: Self.accountB))
        #expect(vault.existingKey(clientKey: Self.pinA) == nil)
    }

    @Test func theDemoNeverOpensOrReplacesARealAccountsKeyButARealAccountReplacesTheDemos() throws {
        let vault = DataKeyVaultTests.vault()
        let made = try vault.dataKey(clientKey: Self.pinA, account: Self.accountA).key
        #expect(throws: VaultError.otherAccount(vault.path)) {
            try vault.dataKey(clientKey: Self.pinA, account: Self.demo, previousClientKey: Self.pinA)
        }
        #expect(try vault.dataKey(clientKey: Self.pinA, account: Self.accountA) == .opened(made))

        let demoVault = DataKeyVaultTests.vault()
        let demoKey = try demoVault.dataKey(clientKey: Self.pinB, account: Self.demo).key
        #expect(try demoVault.dataKey(clientKey: Self.pinB, account: Self.demo) == .opened(demoKey))
        guard case let .replaced(fresh, _) = try demoVault.dataKey(clientKey: Self.pinA, account: Self.accountA) else {
            Issue.record("a real account takes over the demo's files")
            return
        }
        #expect(fresh != demoKey)
    }

    @Test func aFileWithoutAccountIsBoundByTheAccountThatOpensItAndNoOtherReplacesIt() throws {
        let vault = DataKeyVaultTests.vault()
        let key = try #require(DataKey.random())
        let legacy = DataKeyVault.File(wraps: [try #require(key.wrapped(with: Self.wrapping(Self.pinA)))])
        try FileManager.default.createDirectory(atPath: (vault.path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try JSONEncoder().encode(legacy).write(to: URL(fileURLWithPath: vault.path))
        #expect(throws: VaultError.otherAccount(vault.path), "a key it does not open: maybe another account's, kept") {
            try vault.dataKey(clientKey: Self.pinB, account: Self.accountB)
        }
        #expect(try vault.dataKey(clientKey: Self.pinA, account: Self.accountA) == .opened(key))
        let bound = try JSONDecoder().decode(DataKeyVault.File.self, from: Data(contentsOf: URL(fileURLWithPath: vault.path)))
        #expect(bound.account == Self.accountA.label)
        #expect(bound.wraps.map(\.account) == [Self.accountA.label])
        #expect(throws: VaultError.otherAccount(vault.path)) {
            try vault.dataKey(clientKey: Self.pinA, account: Self.accountB)
        }
    }

    @Test func aKeyKeptAsideIsTakenBackBeforeANewOneIsMade() throws {
        let vault = DataKeyVaultTests.vault()
        let made = try vault.dataKey(clientKey: Self.pinA, account: Self.accountA).key
        guard case let .replaced(_, keptAside) = try vault.dataKey(clientKey: Self.pinB, account: Self.accountA,
                                                                   now: Date(timeIntervalSince1970: 0))
        else { Issue.record("not replaced"); return }
        #expect(try vault.dataKey(clientKey: Self.pinA, account: Self.accountA, now: Date(timeIntervalSince1970: 60))
                == .restored(made, from: keptAside))
        #expect(try vault.dataKey(clientKey: Self.pinA, account: Self.accountA) == .opened(made))
    }
}
