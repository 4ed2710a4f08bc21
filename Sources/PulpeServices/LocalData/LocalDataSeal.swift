import Foundation
import Logging
import PulpeDomain
import PulpeNetworking
import PulpeStore
import Synchronization

/// Opens and locks the sealed local files — the cache (with the account replica) and the outbox —
/// with the client key (issue 43, decision 83). The client tells it each key it installs or
/// forgets (`PulpeAPIClient.observeClientKey`): a key installed unwraps the data key and opens the
/// files; the key forgotten (the idle lock, `L`, `pulpe lock`, a sign-out) closes them, and
/// nothing is decrypted again until the PIN.
public final class LocalDataSeal: Sendable {
    let vault: DataKeyVault
    let cache: CacheStore
    let outbox: OutboxStore?
    let logger: Logger
    let now: @Sendable () -> Date
    /// The client key the files are open with now, and the last one that opened them (a PIN
    /// changed elsewhere re-wraps the data key from it).
    private let keys = Mutex<(current: String?, previous: String?)>((nil, nil))

    init(vault: DataKeyVault, cache: CacheStore, outbox: OutboxStore?, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.vault = vault
        self.cache = cache
        self.outbox = outbox
        self.logger = logger
        self.now = now
    }

    /// The data key `clientKey` opens (made on first use); nil when it cannot be had (logged).
    static func dataKey(for clientKey: String, previous: String? = nil, vault: DataKeyVault, logger: Logger,
                        now: Date) -> DataKey? {
        do {
            let outcome = try vault.dataKey(clientKey: clientKey, previousClientKey: previous, now: now)
            switch outcome {
            case .opened: break
            case .created: logger.info("data key made: the local files are sealed from now on")
            case let .replaced(_, keptAside):
                logger.warning("data key: no wrap opens with this client key; a new key seals the local files (the old one kept at \(keptAside))")
            }
            return outcome.key
        } catch {
            logger.error("\(error); the local files stay locked")
            return nil
        }
    }

    /// The files were opened at start with `clientKey` (the kept or demo key).
    func opened(with clientKey: String) {
        keys.withLock { $0 = (clientKey.lowercased(), clientKey.lowercased()) }
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
            if wasOpen { logger.info("local files locked") }
            return
        }
        let previous: String? = keys.withLock { keys in keys.current == clientKey ? nil : .some(keys.previous ?? "") }
        guard let previous else { return }
        guard let key = Self.dataKey(for: clientKey, previous: previous.isEmpty ? nil : previous, vault: vault, logger: logger,
                                     now: now()) else { return }
        cache.unseal(with: key)
        do {
            try outbox?.unseal(with: key, now: now())
            if let aside = outbox?.opening.setAside {
                logger.error("the outbox \(aside.path) could not be read with this key (\(aside.reason)); kept aside, byte for byte, as \(aside.keptAs)")
            }
        } catch {
            logger.error("\(error)")
        }
        keys.withLock { $0 = (clientKey, clientKey) }
        logger.info("local files unlocked")
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
        vault.opens(clientKey: clientKey)
    }
}
