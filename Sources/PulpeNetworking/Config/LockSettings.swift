import Foundation
import PulpeDomain

/// How long the PIN-derived key may stay open (decisions 36 and 43):
/// - `key_ttl`: a kept key lasts this long since its last use (default 8 h; 0 = never keep it).
///   A bare number is seconds. `PULPE_KEY_TTL`, the config file's `key_ttl`, `pulpe unlock --key-ttl`.
/// - `lock_after`: the TUI hides the amounts behind the PIN screen after this long without a key
///   press (default 15 min; 0 = never). A bare number is minutes. `PULPE_LOCK_AFTER`, `lock_after`.
/// Flag > environment > config file (top level: they are the person's, not the server's) > default.
public struct LockSettings: Sendable, Hashable {
    public static let defaultLockAfterSeconds = 15 * 60

    public var keyTTLSeconds: Int
    public var lockAfterSeconds: Int
    /// Where each came from, for `pulpe config`: "default", "env: PULPE_KEY_TTL", "file: …", "flag: --key-ttl".
    public var keyTTLOrigin: String
    public var lockAfterOrigin: String

    public init(keyTTLSeconds: Int = KeptClientKeys.defaultTTLSeconds, lockAfterSeconds: Int = defaultLockAfterSeconds,
                keyTTLOrigin: String = "default", lockAfterOrigin: String = "default") {
        self.keyTTLSeconds = keyTTLSeconds
        self.lockAfterSeconds = lockAfterSeconds
        self.keyTTLOrigin = keyTTLOrigin
        self.lockAfterOrigin = lockAfterOrigin
    }

    public static func resolve(keyTTLFlag: String? = nil, environment: [String: String],
                               file: ConfigFile?) throws(ConfigurationError) -> LockSettings {
        let keyTTL = try pick("key_ttl", flag: keyTTLFlag, flagName: "--key-ttl", variable: "PULPE_KEY_TTL",
                              environment: environment, file: file, bareUnit: 1,
                              fallback: KeptClientKeys.defaultTTLSeconds)
        let lockAfter = try pick("lock_after", flag: nil, flagName: "", variable: "PULPE_LOCK_AFTER",
                                 environment: environment, file: file, bareUnit: 60,
                                 fallback: defaultLockAfterSeconds)
        return LockSettings(keyTTLSeconds: keyTTL.seconds, lockAfterSeconds: lockAfter.seconds,
                            keyTTLOrigin: keyTTL.origin, lockAfterOrigin: lockAfter.origin)
    }

    /// Resolved without failing: a bad value falls back to the default (the TUI and the shell
    /// keep working; `pulpe config` says what is wrong).
    public static func resolveLeniently(environment: [String: String], file: ConfigFile?) -> LockSettings {
        (try? resolve(environment: environment, file: file)) ?? LockSettings()
    }

    private static func pick(_ key: String, flag: String?, flagName: String, variable: String,
                             environment: [String: String], file: ConfigFile?, bareUnit: Int,
                             fallback: Int) throws(ConfigurationError) -> (seconds: Int, origin: String) {
        if let flag, !flag.isEmpty {
            guard let seconds = DurationText.seconds(flag, bareUnit: bareUnit) else {
                throw .invalidDuration(setting: flagName, value: flag)
            }
            return (seconds, "flag: \(flagName)")
        }
        if let value = environment[variable], !value.isEmpty {
            guard let seconds = DurationText.seconds(value, bareUnit: bareUnit) else {
                throw .invalidDuration(setting: variable, value: value)
            }
            return (seconds, "env: \(variable)")
        }
        if let file, let value = file.values[key], value != .null {
            let text: String
            switch value {
            case let .number(number): text = "\(number)"
            case let .string(string): text = string
            default: throw .malformedFile(path: file.path, reason: "\(key) must be a number or a duration such as \"8h\"")
            }
            guard let seconds = DurationText.seconds(text, bareUnit: bareUnit) else {
                throw .invalidDuration(setting: "\(key) in \(file.path)", value: text)
            }
            return (seconds, "file: \(file.path)")
        }
        return (fallback, "default")
    }
}
