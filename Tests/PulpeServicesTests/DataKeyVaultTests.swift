import Foundation
import Testing
@testable import PulpeServices
import PulpeStore

/// The data key's vault (decision 83): made once and wrapped by the client key, opened again by
/// the same key only, re-wrapped when the PIN changed elsewhere (the earlier key in hand), and
/// replaced — the old file kept — when nothing opens it.
@Suite struct DataKeyVaultTests {
    private static let pinA = String(repeating: "a1", count: 32)
    private static let pinB = String(repeating: "b2", count: 32)

    private func vault() -> DataKeyVault {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-vault-\(UUID().uuidString)")
        return DataKeyVault(path: folder.appendingPathComponent("data-key.json").path)
    }

    @Test func madeOnceThenOpenedByTheSameClientKey() throws {
        let vault = vault()
        guard case let .created(made) = try vault.dataKey(clientKey: Self.pinA) else { Issue.record("not created"); return }
        #expect(try vault.dataKey(clientKey: Self.pinA) == .opened(made))
        let attributes = try FileManager.default.attributesOfItem(atPath: vault.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOfFile: vault.path, encoding: .utf8)
        #expect(!text.contains(Self.pinA), "the client key is never written")
    }

    @Test func aPINChangedElsewhereReWrapsTheSameKey() throws {
        let vault = vault()
        let made = try vault.dataKey(clientKey: Self.pinA).key
        #expect(try vault.dataKey(clientKey: Self.pinB, previousClientKey: Self.pinA) == .opened(made))
        #expect(try vault.dataKey(clientKey: Self.pinB) == .opened(made), "the new key opens it alone now")
        guard case .replaced = try vault.dataKey(clientKey: Self.pinA) else {
            Issue.record("the old key's wrap should be gone")
            return
        }
    }

    @Test func aKeyThatOpensNothingGetsANewDataKeyAndTheOldFileIsKept() throws {
        let vault = vault()
        let made = try vault.dataKey(clientKey: Self.pinA).key
        guard case let .replaced(fresh, keptAside) = try vault.dataKey(clientKey: Self.pinB, now: Date(timeIntervalSince1970: 0))
        else { Issue.record("not replaced"); return }
        #expect(fresh != made)
        #expect(keptAside.hasSuffix("data-key-19700101T000000Z.json"))
        #expect(try DataKeyVault(path: keptAside).dataKey(clientKey: Self.pinA) == .opened(made))
    }
}
