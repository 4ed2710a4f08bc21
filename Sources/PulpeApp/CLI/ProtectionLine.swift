import Foundation
import PulpeDomain
import PulpeNetworking
import PulpeServices
import PulpeStore

/// The one plain line `pulpe config` says about what protects the local data on this machine and
/// what it withstands (decision 104): whether the files are sealed, where the client key is kept and
/// for how long, and what an offline guess of the PIN costs. The README's privacy section says
/// the same. A pure function of the machine's state, so each case is tested by its exact words.
enum ProtectionLine {
    /// Where a client key is kept after a PIN, on this machine.
    enum KeptKeyHome: Equatable {
        /// The login session's kernel keyring (decision 36).
        case kernelKeyring
        /// Held in memory by the key agent (decision 103).
        case keyAgent
    }

    /// What the line is made from.
    struct State: Equatable {
        /// libcrypto opens: the cache and the outbox are sealed files.
        var sealed: Bool
        /// The saved session is a demo session (its key is public).
        var demo: Bool
        /// Where a key is kept, and for how long (0: never kept).
        var keptIn: KeptKeyHome
        var keyTTLSeconds: Int
        /// What one offline guess of the PIN costs, in seconds, on this machine.
        var guessSeconds: Double
        /// The vault records that the cache also needs the Secret Service's secret (decision 105).
        var cacheNeedsSecretService = false
    }

    /// One guess is PBKDF2-SHA256 × 600 000 (the server's KDF, `EncryptionSalt`: 0.14 s) then the
    /// vault's Argon2id, 64 MiB × 16 passes (decision 102: 0.55 s), then the unwrap: 0.69 s on one
    /// core of the 2-core machine (medians of 5, quiet; `make bench`'s `pin` rows).
    static let guessSeconds = 0.69

    /// This machine's state: libcrypto, the saved session of `serverKey` (the server's session
    /// key), the kernel keyring, `key_ttl`, the vault's (at `dataKey`: the account's own set) record of a Secret Service secret.
    static func current(environment: [String: String], serverKey: String, keyTTLSeconds: Int, dataKey: String) -> State {
        let session = try? SessionStore(fileURL: SessionStore.defaultFileURL(environment: environment)).load(server: serverKey)
        let vault = DataKeyVault(path: dataKey)
        return State(sealed: SealedFiles.isAvailable, demo: session?.kind == .demo,
                     keptIn: KernelKeyring.sessionIfAvailable() != nil ? .kernelKeyring : .keyAgent,
                     keyTTLSeconds: keyTTLSeconds, guessSeconds: guessSeconds, cacheNeedsSecretService: vault.usesCacheSecret())
    }

    /// The sentence, beginning « protection: ».
    static func sentence(_ state: State) -> String {
        guard state.sealed else {
            return "protection: none needed on disk — libcrypto is missing, so nothing private is written: "
                + "the cache lives in memory for each run and no expense can be queued offline"
        }
        if state.demo {
            return "protection: sealed files under the demo's public key — they hide nothing from a copy of the disk "
                + "(demo data only; a real account's files are never opened by it)"
        }
        var guess = "the PIN (4 digits) is the only secret at rest: an offline guess costs ~\(seconds(state.guessSeconds)) s "
            + "and 64 MiB, all 10 000 ~\(minutes(state.guessSeconds * 10_000)) min on one core"
        if state.cacheNeedsSecretService {
            guess += "; the cache also needs the Secret Service's secret, which a copy of the disk does not hold"
        }
        guard state.keyTTLSeconds > 0 else {
            return "protection: sealed files, key never kept (the PIN at each start) — a copy of the disk alone opens "
                + "nothing; \(guess)"
        }
        let ttl = DurationText.format(seconds: state.keyTTLSeconds)
        switch state.keptIn {
        case .kernelKeyring:
            return "protection: sealed files, key kept in the kernel keyring for \(ttl) — a copy of the disk alone opens "
                + "nothing; \(guess)"
        case .keyAgent:
            return "protection: sealed files, key held in memory by the key agent for \(ttl) — a copy of the disk alone "
                + "opens nothing; \(guess)"
        }
    }

    /// `0.14`, `0.5`, `1.2`: two significant digits at most.
    private static func seconds(_ value: Double) -> String {
        let text = String(format: value < 1 ? "%.2f" : "%.1f", value)
        return text.hasSuffix("0") && text.contains(".") ? String(text.dropLast()) : text
    }

    private static func minutes(_ seconds: Double) -> String {
        String(Int((seconds / 60).rounded()))
    }
}
