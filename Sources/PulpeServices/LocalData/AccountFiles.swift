import Foundation
import PulpeCrypto
import PulpeStore

/// One account's sealed set (decision 111): its data key, its outbox and its cache. A home with two
/// accounts keeps two sets, so each has its offline month and its queued writes, whatever the
/// other did in between.
///
/// The home's set — `data-key.json` and `outbox.sqlite` in the data folder, `cache.sqlite` in the
/// cache folder, where every pulpe before this one kept them — belongs to the account its
/// `data-key.json` names. Any other account's set is in `accounts/<slot>/` of the same folders,
/// the slot a digest of the server and the user id (no name or email in a path). Nothing is moved:
/// a home used by one account stays as it was.
public struct AccountFiles: Sendable, Hashable {
    public var dataKey: String
    public var outbox: String
    public var cache: String

    public init(dataKey: String, outbox: String, cache: String) {
        self.dataKey = dataKey
        self.outbox = outbox
        self.cache = cache
    }

    /// The home's set: the paths every pulpe used before decision 111.
    public static func home(environment: [String: String]) -> AccountFiles {
        AccountFiles(dataKey: DataKeyVault.defaultPath(environment: environment),
                     outbox: OutboxStore.defaultPath(environment: environment),
                     cache: CacheStore.defaultPath(environment: environment))
    }

    /// `account`'s set (the home's without an account: nothing is opened without one). Its own
    /// folder when it has one already; else the home's when that set is free for it — no data key
    /// there, one of this account's or of none yet (an older pulpe's, bound at its first open), or
    /// the demo's for a real account (the demo's set moves to the demo's own folder first) — else a
    /// new folder of its own. Nothing is moved or written (`opening` moves the demo's set).
    public static func of(_ account: VaultAccount?, environment: [String: String]) -> AccountFiles {
        let home = home(environment: environment)
        guard let account else { return home }
        let own = home.slot(account)
        if FileManager.default.fileExists(atPath: own.dataKey) { return own }
        switch DataKeyVault.owner(ofFileAt: home.dataKey) {
        case nil:
            return home
        case let owner?:
            let free = owner.label == nil || owner.label == account.label || (owner.isDemo && !account.isDemo)
            return free ? home : own
        }
    }

    /// `of(account)`, for a process about to open the set: when the demo tried first and a real
    /// account comes, the demo's set moves to the demo's own folder and the home's is free —
    /// rather than replaced with the demo's outbox set aside as unreadable.
    public static func opening(_ account: VaultAccount?, environment: [String: String]) -> AccountFiles {
        let files = of(account, environment: environment)
        let home = home(environment: environment)
        if let account, !account.isDemo, files == home, let owner = DataKeyVault.owner(ofFileAt: home.dataKey),
           owner.isDemo, let demo = owner.label {
            home.moveDemoSet(label: demo)
        }
        return files
    }

    /// The demo's set, in the home's place, moved to the demo's own folder — the data key last, so
    /// a move cut short is finished by the next start — when that folder holds no set yet. A move
    /// that fails leaves the rest to the vault: a real account replaces the demo's key, as before
    /// decision 111 (demo data is nobody's).
    func moveDemoSet(label: String) {
        let lock = OutboxOpenLock(path: dataKey)
        defer { lock?.release() }
        guard let owner = DataKeyVault.owner(ofFileAt: dataKey), owner.isDemo, owner.label == label else { return }
        let target = slot(named: Self.slotName(label: label))
        guard !FileManager.default.fileExists(atPath: target.dataKey) else { return }
        do {
            try StoreFileMove.move(outbox, to: target.outbox)
            try StoreFileMove.move(cache, to: target.cache)
            try StoreFileMove.move(dataKey, to: target.dataKey)
        } catch {
            return
        }
    }

    /// The folder `accounts/<slot>` beside each of this set's files, for `account`.
    func slot(_ account: VaultAccount) -> AccountFiles {
        slot(named: Self.slotName(label: account.label))
    }

    private func slot(named name: String) -> AccountFiles {
        func inSlot(_ path: String) -> String {
            let folder = (path as NSString).deletingLastPathComponent
            return folder + "/accounts/" + name + "/" + (path as NSString).lastPathComponent
        }
        return AccountFiles(dataKey: inSlot(dataKey), outbox: inSlot(outbox), cache: inSlot(cache))
    }

    /// 16 hex digits of SHA-256 of the account's label: the same account, the same folder, on any
    /// machine; nothing of the user readable in it.
    static func slotName(label: String) -> String {
        if let digest = KeyDerivation.sha256Hex(Array(("pulpe-tui account files v1\u{1F}" + label).utf8)) {
            return String(digest.prefix(16))
        }
        // Without libcrypto nothing is sealed; the folder still needs a stable name.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in label.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
