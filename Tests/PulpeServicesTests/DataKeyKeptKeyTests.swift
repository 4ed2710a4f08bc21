import Foundation
import Testing
@testable import PulpeServices

/// A kept key is not checked with the server when the files open at start (decision 104): after a kill
/// between a re-wrap for a new PIN and the new key's keeping, the key still kept is stale. It opens
/// what it can, and never replaces the data key — which would set the queued writes aside.
@Suite struct DataKeyKeptKeyTests {
    static let pinA = String(repeating: "a1", count: 32)
    static let pinB = String(repeating: "b2", count: 32)
    static let account = VaultAccount(server: "https://pulpe.example", userId: "user-a", isDemo: false)

    static func vault() -> DataKeyVault {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-vault-kept-\(UUID().uuidString)")
        return DataKeyVault(path: folder.appendingPathComponent("data-key.json").path)
    }

    static func setAside(_ vault: DataKeyVault) -> [String] {
        let folder = (vault.path as NSString).deletingLastPathComponent
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("data-key-") }
    }

    @Test func aKeyNotCheckedYetThatOpensNothingLeavesTheFileAsItIs() throws {
        let vault = Self.vault()
        defer { try? FileManager.default.removeItem(atPath: (vault.path as NSString).deletingLastPathComponent) }
        let made = try vault.dataKey(clientKey: Self.pinB, account: Self.account).key
        let before = FileManager.default.contents(atPath: vault.path)
        #expect(throws: VaultError.notOpened(vault.path)) {
            try vault.dataKey(clientKey: Self.pinA, account: Self.account, mayReplace: false)
        }
        #expect(FileManager.default.contents(atPath: vault.path) == before, "untouched")
        #expect(Self.setAside(vault).isEmpty, "nothing set aside")
        #expect(try vault.dataKey(clientKey: Self.pinB, account: Self.account, mayReplace: false) == .opened(made),
                "the key that opens it still does")
        // The PIN's key, checked by the server, replaces as before (decision 99).
        guard case .replaced = try vault.dataKey(clientKey: Self.pinA, account: Self.account) else {
            Issue.record("a checked key replaces what it cannot open")
            return
        }
    }

    @Test func aKeyNotCheckedYetStillMakesTheFirstDataKey() throws {
        let vault = Self.vault()
        defer { try? FileManager.default.removeItem(atPath: (vault.path as NSString).deletingLastPathComponent) }
        guard case .created = try vault.dataKey(clientKey: Self.pinA, account: Self.account, mayReplace: false) else {
            Issue.record("no file: nothing to lose, a key is made")
            return
        }
    }
}
