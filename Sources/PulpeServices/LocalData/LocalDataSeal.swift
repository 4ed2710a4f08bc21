import Foundation
import Logging
import PulpeDomain
import PulpeNetworking
import PulpeStore
import Synchronization

/// Opens and locks the sealed local files — the cache (with the account replica) and the outbox —
/// with the client key (decision 83). The client tells it each key it installs or
/// forgets (`PulpeAPIClient.observeClientKey`): a key installed unwraps the data key and opens the
/// files; the key forgotten (the idle lock, `L`, `pulpe lock`, a sign-out) closes them, and
/// nothing is decrypted again until the PIN. The data key is one account's (decision 99): a key
/// installed for another account — or the demo's — opens nothing of it and re-wraps nothing.
///
/// Each account has its own set of files (`AccountFiles`, decision 111): a key installed for
/// another account than the one whose files are at hand locks them and points the stores at that
/// account's set before anything opens.
public final class LocalDataSeal: Sendable {
    /// The set of files at hand: the start's account's, then each account a key is installed for.
    private let files: Mutex<AccountFiles>
    let stretcher: KeyStretcher
    let environment: [String: String]
    /// The data key of the set at hand.
    var vault: DataKeyVault { DataKeyVault(path: files.withLock { $0.dataKey }, stretcher: stretcher) }
    /// The cache's second secret, where a Secret Service runs (decision 105).
    let cacheSecrets: CacheSecrets
    let cache: CacheStore
    let outbox: OutboxStore?
    let logger: Logger
    let now: @Sendable () -> Date
    /// The account a client key is installed for (the session's, the demo's for its key); nil
    /// when no session says.
    let account: @Sendable (_ clientKey: String) -> VaultAccount?
    /// The client key the files are open with now, and the last one that opened them with its
    /// account (a PIN changed elsewhere re-wraps that account's data key from it, and no other's).
    private let keys = Mutex<(current: String?, previous: String?, account: VaultAccount?)>((nil, nil, nil))
    /// The kept key that opened nothing at start: installed later without a check (the shell
    /// trusts a recent one), it still replaces nothing — it may be stale (decision 104).
    private let uncheckedAtStart = Mutex<String?>(nil)

    init(files: AccountFiles, environment: [String: String], stretcher: KeyStretcher, cacheSecrets: CacheSecrets,
         cache: CacheStore, outbox: OutboxStore?, logger: Logger, now: @escaping @Sendable () -> Date,
         account: @escaping @Sendable (_ clientKey: String) -> VaultAccount?) {
        self.files = Mutex(files)
        self.environment = environment
        self.stretcher = stretcher
        self.cacheSecrets = cacheSecrets
        self.cache = cache
        self.outbox = outbox
        self.logger = logger
        self.now = now
        self.account = account
    }

    /// How `clientKey` found the data key of `account` (made on first use); nil when it cannot be
    /// had (logged).
    static func dataKey(for clientKey: String, account: VaultAccount, previous: String? = nil, mayReplace: Bool = true,
                        vault: DataKeyVault, logger: Logger, now: Date) -> DataKeyVault.Outcome? {
        do {
            let outcome = try vault.dataKey(clientKey: clientKey, account: account, previousClientKey: previous,
                                            mayReplace: mayReplace, now: now)
            switch outcome {
            case .opened: break
            case .created: logger.info("data key made: the local files are sealed from now on")
            case let .restored(_, from):
                logger.warning("data key: no wrap of the file opens with this client key; the key kept aside at \(from) does, and is the data key again")
            case let .replaced(_, keptAside):
                logger.warning("data key: no wrap opens with this client key; a new key seals the local files (the old one kept at \(keptAside))")
            }
            return outcome
        } catch {
            logger.error("\(error); the local files stay locked")
            return nil
        }
    }

    /// The files were opened at start with `clientKey` (the kept or demo key) for `account`.
    func opened(with clientKey: String, account: VaultAccount) {
        keys.withLock { $0 = (clientKey.lowercased(), clientKey.lowercased(), account) }
    }

    /// A refused key kept aside (`RefusedKey`) for `account`: nothing is opened with it, but the
    /// next key installed for that account re-wraps the data key from it (a PIN changed elsewhere,
    /// the refusal seen by an earlier process).
    func remember(previous clientKey: String, account: VaultAccount) {
        keys.withLock { keys in
            guard keys.current == nil else { return }
            keys = (nil, clientKey.lowercased(), account)
        }
    }

    /// The kept `clientKey` opened nothing at start (`VaultError.notOpened`): it never replaces
    /// the data key, even installed later without a check.
    func notOpened(withKept clientKey: String) {
        uncheckedAtStart.withLock { $0 = clientKey.lowercased() }
    }

    /// The client installed a key, or forgot its own.
    func clientKeyChanged(_ change: ClientKeyChange) {
        let clientKey: String
        switch change {
        case let .installed(key): clientKey = key
        case .refused: return  // the PIN changed elsewhere: the files stay open, the next PIN re-wraps their key
        case .forgotten:
            let wasOpen = keys.withLock { keys in defer { keys.current = nil }; return keys.current != nil }
            cache.seal()
            outbox?.seal()
            vault.stretcher.forget()
            if wasOpen { logger.info("local files locked") }
            return
        }
        guard let account = account(clientKey) else {
            logger.warning("data key: no session says whose key this is; the local files stay locked")
            return
        }
        guard turn(to: account, clientKey: clientKey) else { return }
        // The previous key re-wraps only its own account's data key: another account, or the
        // demo, installed next never takes it over.
        let previous: String? = keys.withLock { keys in
            keys.current == clientKey ? nil : .some(keys.account == account ? keys.previous ?? "" : "")
        }
        guard let previous else { return }
        // Read before the outbox opens: a fresh one set in place of an unreadable one counts 0.
        let waiting = outbox?.path.flatMap(OutboxStore.waitingHint(at:))
        let mayReplace = uncheckedAtStart.withLock { $0 != clientKey.lowercased() }
        let vault = vault
        guard let outcome = Self.dataKey(for: clientKey, account: account, previous: previous.isEmpty ? nil : previous,
                                         mayReplace: mayReplace, vault: vault, logger: logger, now: now()) else { return }
        let key = outcome.key
        if let cacheKey = cacheSecrets.cacheKey(dataKey: key, account: account, vault: vault, logger: logger) {
            cache.unseal(with: cacheKey)
        }
        do {
            try outbox?.unseal(with: key, now: now())
            if let aside = outbox?.opening.setAside {
                let held = OutboxHeld(waiting: waiting, dataKeyKeptAt: outcome.keptAside)
                logger.error("the outbox \(aside.path) could not be read with this key (\(aside.reason)); kept aside, byte for byte, as \(aside.keptAs)\(held.sentence)")
            }
        } catch {
            logger.error("\(error)")
        }
        keys.withLock { $0 = (clientKey, clientKey, account) }
        logger.info("local files unlocked")
    }
}

extension LocalDataSeal {
    /// Points the stores at `account`'s set when another's is at hand (locking it first, if a key
    /// of that account still has it open); false when they cannot follow (logged: the files stay
    /// locked, and the account works from the server).
    private func turn(to account: VaultAccount, clientKey: String) -> Bool {
        // Another account's key still in hand: its files close before any of them may move.
        let other = keys.withLock { keys in
            guard let owner = keys.account, owner != account else { return false }
            defer { keys = (nil, nil, nil) }
            return keys.current != nil
        }
        if other {
            cache.seal()
            outbox?.seal()
        }
        let wanted = AccountFiles.opening(account, environment: environment)
        guard files.withLock({ $0 }) != wanted else { return true }
        guard cache.repoint(to: wanted.cache), outbox.map({ $0.repoint(to: wanted.outbox) }) ?? true else {
            logger.error("local files: another account's set is still open; this account's stay locked")
            return false
        }
        files.withLock { $0 = wanted }
        logger.info("local files: this account's own set")
        return true
    }
}

extension LocalDataSeal: OfflineKeyVault {
    public func remember(_ salt: EncryptionSalt, forClientKey clientKey: String) {
        do {
            try vault.remember(salt, forClientKey: clientKey)
        } catch {
            logger.warning("\(error)")
        }
    }

    public func keptSalts() -> [EncryptionSalt] {
        vault.keptSalt().map { [$0] } ?? []
    }

    public func opens(clientKey: String) -> Bool {
        guard let account = account(clientKey) else { return false }
        let own = AccountFiles.of(account, environment: environment)
        return DataKeyVault(path: own.dataKey, stretcher: stretcher).opens(clientKey: clientKey, account: account)
    }
}
