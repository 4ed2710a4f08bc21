import Foundation
import PulpeDomain

/// The config file: `$XDG_CONFIG_HOME/pulpe/config.json` (else `~/.config/pulpe/config.json`), a JSON
/// object. Keys read here: `api_url`, `auth_url`, `auth_anon_key` (strings), `allow_insecure_http`
/// (Boolean). Other keys are ignored so the app can keep its own settings in the same file.
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
    public static func load(path: String) throws(ConfigurationError) -> ConfigFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
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
        return ConfigFile(path: path, apiURL: try string("api_url"), authURL: try string("auth_url"),
                          authAnonKey: try string("auth_anon_key"), allowInsecureHTTP: allowInsecure, values: object)
    }
}
