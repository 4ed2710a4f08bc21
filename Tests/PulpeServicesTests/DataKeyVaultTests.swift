import Foundation
import Testing
@testable import PulpeServices
import PulpeStore

/// The data key's vault (decision 83): made once and wrapped by the client key, opened again by
/// the same key only, re-wrapped when the PIN changed elsewhere (the earlier key in hand), and
/// replaced — the old file kept — when nothing opens it.
@Suite struct DataKeyVaultTests {
    static let pinA = String(repeating: "a1", count: 32)
    static let pinB = String(repeating: "b2", count: 32)
    static let accountA = VaultAccount(server: "https://pulpe.example", userId: "user-a", isDemo: false)

    static func vault() -> DataKeyVault {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-vault-\(UUID().uuidString)")
        return DataKeyVault(path: folder.appendingPathComponent("data-key.json").path, stretcher: DataKeyStretchTests.cheap())
    }

    @Test func madeOnceThenOpenedByTheSameClientKey() throws {
        let vault = Self.vault()
        guard case let .created(made) = try vault.dataKey(clientKey: Self.pinA, account: Self.accountA) else {
            Issue.record("not created")
            return
        }
        #expect(try vault.dataKey(clientKey: Self.pinA, account: Self.accountA) == .opened(made))
        let attributes = try FileManager.default.attributesOfItem(atPath: vault.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOfFile: vault.path, encoding: .utf8)
        #expect(!text.contains(Self.pinA), "the client key is never written")
    }

    @Test func aPINChangedElsewhereReWrapsTheSameKey() throws {
        let vault = Self.vault()
        let made = try vault.dataKey(clientKey: Self.pinA, account: Self.accountA).key
        #expect(try vault.dataKey(clientKey: Self.pinB, account: Self.accountA, previousClientKey: Self.pinA) == .opened(made))
        #expect(try vault.dataKey(clientKey: Self.pinB, account: Self.accountA) == .opened(made), "the new key opens it alone now")
        guard case .replaced = try vault.dataKey(clientKey: Self.pinA, account: Self.accountA) else {
            Issue.record("the old key's wrap should be gone")
            return
        }
    }

    @Test func aKeyThatOpensNothingGetsANewDataKeyAndTheOldFileIsKept() throws {
        let vault = Self.vault()
        let made = try vault.dataKey(clientKey: Self.pinA, account: Self.accountA).key
        guard case let .replaced(fresh, keptAside) = try vault.dataKey(clientKey: Self.pinB, account: Self.accountA,
                                                                       now: Date(timeIntervalSince1970: 0))
        else { Issue.record("not replaced"); return }
        #expect(fresh != made)
        #expect(keptAside.hasSuffix("data-key-19700101T000000Z.json"))
        let aside = DataKeyVault(path: keptAside, stretcher: DataKeyStretchTests.cheap())
        #expect(try aside.dataKey(clientKey: Self.pinA, account: Self.accountA) == .opened(made))
    }
}
