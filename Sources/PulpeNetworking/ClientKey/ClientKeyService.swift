import Foundation
import PulpeCrypto
import PulpeDomain

/// Turns the user's PIN into the client key and unlocks the client with it (docs/contract.md §5):
/// fetch the salt, refuse unsafe iteration counts, derive with PBKDF2 off the caller's actor,
/// validate with the server, then hand the key to the client — in memory only.
///
/// A key is never installed unvalidated: a wrong key is silent on reads (every amount reads 0),
/// so showing data before validation would show a ruined budget.
public struct ClientKeyService: Sendable {
    /// Derives the hex key from a PIN, a hex salt and an iteration count.
    public typealias Deriver = @Sendable (_ pin: String, _ saltHex: String, _ iterations: Int) throws -> String

    private let client: PulpeAPIClient
    private let deriver: Deriver
    /// Lets the PIN reopen a locked screen without the server (offline, maintenance).
    private let lockedKey = LockedKeyVerifier()

    /// - Parameter deriver: PulpeCrypto's PBKDF2 by default; tests inject a fast one.
    public init(client: PulpeAPIClient, deriver: @escaping Deriver = { pin, salt, iterations in
        try ClientKey.derive(pin: pin, saltHex: salt, iterations: iterations)
    }) {
        self.client = client
        self.deriver = deriver
    }

    /// Unlocks with `pin`. Wrong PIN → `.wrongClientKey` (« Code incorrect — réessaie »); too many
    /// tries → `.rateLimited`; a salt asking for too few or too many rounds → `.untrustedKeyParameters`.
    /// Returns the validated key, for the caller to keep (`KeptClientKeys`).
    @discardableResult
    public func unlock(pin: String) async throws(PulpeError) -> String {
        guard ClientKey.isValidPIN(pin) else {
            throw PulpeError(.validation(reason: "the PIN must be four digits", fields: []))
        }
        let salt: EncryptionSalt
        do {
            salt = try await client.encryptionSalt()
        } catch where error.isTransport || error.kind == .maintenance {
            // No server to ask: a screen this process locked opens with its PIN all the same, and
            // so does the data sealed on this machine (its vault checks the PIN).
            if await lockedKey.verifier != nil { return try await unlockLocally(pin: pin) }
            if let key = try await unlockWithVault(pin: pin) { return key }
            throw error
        }
        guard EncryptionSalt.acceptedIterations.contains(salt.kdfIterations) else {
            throw PulpeError(.untrustedKeyParameters(iterations: salt.kdfIterations),
                             context: ErrorContext(method: "GET", path: "/api/v1/encryption/salt"))
        }
        let key = try await derive(pin: pin, salt: salt)
        try await client.validateClientKey(key)
        await client.setClientKey(key)
        await lockedKey.remember(salt: salt)
        await client.offlineKeys?.remember(salt, forClientKey: key)
        return key
    }

    /// Offline: the key `pin` derives with a salt the local vault kept, when it opens the sealed
    /// data (then installed). Nil when the vault keeps no salt; a PIN that opens nothing is
    /// `.wrongClientKey`.
    private func unlockWithVault(pin: String) async throws(PulpeError) -> String? {
        guard let vault = await client.offlineKeys else { return nil }
        let salts = vault.keptSalts()
        guard !salts.isEmpty else { return nil }
        for salt in salts where EncryptionSalt.acceptedIterations.contains(salt.kdfIterations) {
            let key = try await derive(pin: pin, salt: salt)
            if vault.opens(clientKey: key) {
                await client.setClientKey(key)
                await lockedKey.remember(salt: salt)
                return key
            }
        }
        throw PulpeError(.wrongClientKey)
    }

    /// Opens a screen this process locked (`lockKeepingVerifier`) without the server: the PIN
    /// derived with the salt of the last online unlock must give the key that was locked away.
    /// Wrong PIN → `.wrongClientKey`; nothing locked away here → `.maintenance` (the server is
    /// needed, and cannot be asked).
    @discardableResult
    public func unlockLocally(pin: String) async throws(PulpeError) -> String {
        guard ClientKey.isValidPIN(pin) else {
            throw PulpeError(.validation(reason: "the PIN must be four digits", fields: []))
        }
        guard let verifier = await lockedKey.verifier else { throw PulpeError(.maintenance) }
        let key = try await derive(pin: pin, salt: verifier.salt)
        guard ClientKey.fingerprint(ofKeyHex: key) == verifier.fingerprint else { throw PulpeError(.wrongClientKey) }
        await client.setClientKey(key)
        return key
    }

    /// Forgets the key in memory, keeping what lets its PIN open the screen again offline (the
    /// TUI's idle lock and `L`).
    public func lockKeepingVerifier() async {
        if let key = await client.installedClientKey {
            // A key installed from where it was kept came without its salt: ask for it now, while
            // the server may still answer (bearer only; nothing is lost if it does not).
            if await lockedKey.verifier == nil, await !lockedKey.hasSalt, let salt = try? await client.encryptionSalt() {
                await lockedKey.remember(salt: salt)
            }
            await lockedKey.lockAway(key: key)
        }
        await client.setClientKey(nil)
    }

    /// Installs a key validated when it was kept (`KeptClientKeys`), without asking the server
    /// again: validation is limited to 5 calls a minute, and a shell loop starts many processes.
    public func install(keptKey: String) async {
        await client.setClientKey(keptKey)
    }

    /// Installs the public demo key (demo sessions skip the PIN). Validated with the server first
    /// unless `validate` is false (one validate-key call, like a PIN unlock).
    public func unlockDemo(validate: Bool = true) async throws(PulpeError) {
        if validate { try await client.validateClientKey(DemoSession.clientKey) }
        await client.setClientKey(DemoSession.clientKey)
    }

    /// Installs a kept key once the server has confirmed it is still this account's: true when it
    /// was, false when the server refused it (then nothing is installed). Until the answer, no key
    /// is installed, so a load that starts meanwhile (the cached home's, at start) is refused here
    /// rather than read with a key the PIN changed elsewhere: such reads answer zeros, and each
    /// would spend a validate-key call of its own to be recognised. A check that cannot be made
    /// (network, throttled) throws and installs nothing: the caller decides. Spends one of
    /// validate-key's 5 calls a minute.
    public func installConfirmed(keptKey: String) async throws(PulpeError) -> Bool {
        guard try await confirm(keptKey) else { return false }
        await client.setClientKey(keptKey)
        return true
    }

    /// Asks the server whether the installed key is still this account's (the PIN may have changed
    /// on another device: the server re-keyed, and reads with the old key answer zeros). True when
    /// it is; false when the server refused it, and then it is uninstalled. Nil when no key is
    /// installed. Spends one of validate-key's 5 calls a minute.
    public func confirmInstalledKey() async throws(PulpeError) -> Bool? {
        guard let key = await client.installedClientKey else { return nil }
        guard try await confirm(key) else {
            await client.dropRefusedClientKey()
            return false
        }
        return true
    }

    /// `validate-key` for `key`: true when the server confirms it (and then the salt that derives
    /// it is remembered, so a screen locked later reopens with the PIN offline), false when it
    /// refuses it; any other failure throws.
    private func confirm(_ key: String) async throws(PulpeError) -> Bool {
        do {
            try await client.validateClientKey(key)
        } catch where error.kind == .wrongClientKey {
            return false
        }
        if let salt = try? await client.encryptionSalt() { await lockedKey.remember(salt: salt) }
        return true
    }

    /// The installed key, if any (to remember its check, or keep it).
    package var installedKey: String? {
        get async { await client.installedClientKey }
    }

    /// Forgets the key, and anything that would open it offline (sign-out).
    public func lock() async {
        await client.setClientKey(nil)
        await lockedKey.forget()
    }

    /// Forgets a key the server refused (the PIN changed elsewhere), and anything that would open
    /// it offline. Unlike `lock()`, the sealed local files stay open: the next PIN re-wraps their
    /// key (decision 83).
    public func dropRefused() async {
        await client.dropRefusedClientKey()
        await lockedKey.forget()
    }

    public var isUnlocked: Bool {
        get async { await client.hasClientKey }
    }

    /// PBKDF2 with 600 000 rounds takes a noticeable moment: run it on a detached task so the
    /// caller's actor (the UI loop) keeps drawing the spinner.
    private func derive(pin: String, salt: EncryptionSalt) async throws(PulpeError) -> String {
        let deriver = self.deriver
        let result = await Task.detached(priority: .userInitiated) { () -> Result<String, ClientKeyError> in
            do {
                return .success(try deriver(pin, salt.salt, salt.kdfIterations))
            } catch let error as ClientKeyError {
                return .failure(error)
            } catch {
                return .failure(.invalidParameters)
            }
        }.value
        switch result {
        case .success(let key):
            return key
        case .failure(.invalidPIN):
            throw PulpeError(.validation(reason: "the PIN must be four digits", fields: []))
        case .failure(.iterationsOutOfRange(let iterations)):
            throw PulpeError(.untrustedKeyParameters(iterations: iterations))
        case .failure(.cryptoUnavailable):
            // Nothing another PIN would fix; the log says what is missing.
            throw PulpeError(.decoding, context: ErrorContext(method: "GET", path: "/api/v1/encryption/salt",
                                                              serverMessage: "libcrypto.so.3 (OpenSSL) cannot be opened"))
        case .failure(.invalidSalt), .failure(.invalidParameters):
            throw PulpeError(.decoding, context: ErrorContext(method: "GET", path: "/api/v1/encryption/salt",
                                                               serverMessage: "the salt is not usable hex"))
        }
    }
}
