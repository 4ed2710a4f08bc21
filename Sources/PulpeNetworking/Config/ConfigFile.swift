import Foundation
import PulpeDomain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The config file: `$XDG_CONFIG_HOME/pulpe/config.json` (else `~/.config/pulpe/config.json`), a JSON
/// object. Keys read here: `api_url`, `auth_url`, `auth_anon_key` (strings), `allow_insecure_http`
/// (Boolean), and server profiles — `"profiles": {"pulpe": {"api_url": …}, …}` with the same keys,
/// picked by `--profile`, `PULPE_PROFILE` or the file's `"profile"`. Other keys are ignored so the
/// app can keep its own settings in the same file.
///
/// JSON rather than `key = value`: no hand-written parser, unambiguous quoting, and the same
/// format the app's other files use.
public struct ConfigFile: Sendable, Hashable {
    /// Where it was read from (for messages).
    public var path: String
    public var apiURL: String?
    public var authURL: String?
    public var authAnonKey: String?
    public var allowInsecureHTTP: Bool?
    /// The whole object, for the app's own keys.
    public var values: [String: JSONValue]
    /// Named server settings (`"profiles"`), each read like the top level.
    public var profiles: [String: ConfigFile] = [:]
    /// The profile the file picks when no flag or variable does (`"profile"`).
    public var defaultProfile: String?
    /// Which profile these values come from, when one was applied (for `pulpe config`).
    public var appliedProfile: String?

    /// The name that needs no entry in the file: the built-in sandbox, whatever the top level says.
    public static let sandboxProfile = "sandbox"

    public init(path: String, apiURL: String? = nil, authURL: String? = nil, authAnonKey: String? = nil,
                allowInsecureHTTP: Bool? = nil, values: [String: JSONValue] = [:]) {
        self.path = path
        self.apiURL = apiURL
        self.authURL = authURL
        self.authAnonKey = authAnonKey
        self.allowInsecureHTTP = allowInsecureHTTP
        self.values = values
    }

    /// `$XDG_CONFIG_HOME/pulpe/config.json`; a relative `XDG_CONFIG_HOME` is ignored (XDG spec).
    public static func defaultPath(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("pulpe/config.json")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".config/pulpe/config.json")
    }

    /// Reads the file at `path`; `nil` when there is none.
    /// Only a regular file is read: a directory cannot be, and a FIFO would block the start forever.
    public static func load(path: String) throws(ConfigurationError) -> ConfigFile? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadableFile(path: path, reason: "a directory is in its place")
        default: throw .unreadableFile(path: path, reason: "not a regular file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        return try parse(data, path: path)
    }

    /// Parses the file's bytes.
    public static func parse(_ data: Data, path: String) throws(ConfigurationError) -> ConfigFile {
        guard let object = PulpeJSON.object(from: data) else {
            throw .malformedFile(path: path, reason: "not a JSON object")
        }
        return try parse(object: object, path: path)
    }

    /// Reads the keys of one object: the file's top level, or one of its profiles.
    static func parse(object: [String: JSONValue], path: String) throws(ConfigurationError) -> ConfigFile {
        func string(_ key: String) throws(ConfigurationError) -> String? {
            switch object[key] {
            case nil, .null?: return nil
            case .string(let value)?: return value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : value
            default: throw .malformedFile(path: path, reason: "\(key) must be a string")
            }
        }
        let allowInsecure: Bool?
        switch object["allow_insecure_http"] {
        case nil, .null?: allowInsecure = nil
        case .bool(let value)?: allowInsecure = value
        default: throw .malformedFile(path: path, reason: "allow_insecure_http must be true or false")
        }
        var file = ConfigFile(path: path, apiURL: try string("api_url"), authURL: try string("auth_url"),
                              authAnonKey: try string("auth_anon_key"), allowInsecureHTTP: allowInsecure, values: object)
        file.defaultProfile = try string("profile")
        switch object["profiles"] {
        case nil, .null?:
            break
        case .object(let profiles)?:
            for (name, value) in profiles {
                guard case let .object(members) = value else {
                    throw .malformedFile(path: path, reason: "profiles.\(name) must be an object")
                }
                file.profiles[name] = try parse(object: members, path: path)
            }
        default:
            throw .malformedFile(path: path, reason: "profiles must be an object of named server settings")
        }
        return file
    }

    /// The values of profile `name` over the top level's (a key the profile leaves out keeps the
    /// top level's). `sandbox`, when the file does not define it, is the built-in sandbox: no
    /// server values at all. An unknown name is an error, so a typo never talks to the wrong server.
    public func applying(profile name: String) throws(ConfigurationError) -> ConfigFile {
        var result = self
        result.appliedProfile = name
        guard let profile = profiles[name] else {
            guard name == Self.sandboxProfile else {
                let known = ([Self.sandboxProfile] + profiles.keys.sorted()).joined(separator: ", ")
                throw .unknownProfile(name: name, path: path, known: known)
            }
            result.apiURL = nil
            result.authURL = nil
            result.authAnonKey = nil
            result.allowInsecureHTTP = nil
            return result
        }
        result.apiURL = profile.apiURL ?? apiURL
        result.authURL = profile.authURL ?? authURL
        result.authAnonKey = profile.authAnonKey ?? authAnonKey
        result.allowInsecureHTTP = profile.allowInsecureHTTP ?? allowInsecureHTTP
        return result
    }
}
