import Foundation
import PulpeDomain
import PulpeNetworking

/// The config file (`~/.config/pulpe/config.json`): parsed, written back, and resolved into a
/// server for every profile it names.
enum ConfigTarget {
    static let target = FuzzTarget(name: "config",
                                   feeds: "any bytes as `config.json` (`ConfigFile.parse`, then `APIConfigurationResolver.resolve` per profile)",
                                   run: run)

    static let path = "/fuzz/pulpe/config.json"

    static func run(_ data: Data) throws(FuzzViolation) {
        let file: ConfigFile
        do {
            file = try ConfigFile.parse(data, path: path)
        } catch {
            try check("\(error)".contains(path), "a config error that does not name the file: \(error)")
            return
        }
        // The object written back (sorted keys) reads as the same file.
        guard let written = try? PulpeJSON.encode(JSONValue.object(file.values)) else {
            throw FuzzViolation("the parsed object does not encode")
        }
        do {
            let again = try ConfigFile.parse(written, path: path)
            try check(again == file, "parse ∘ write differs:\n\(written.lossyText)")
        } catch let violation as FuzzViolation {
            throw violation
        } catch {
            throw FuzzViolation("its own rewriting does not parse: \(error)\n\(written.lossyText)")
        }
        let names = [nil, ConfigFile.sandboxProfile, "fuzz-no-such-profile"] + file.profiles.keys.sorted().map(Optional.some)
        for name in names {
            let flags = ConfigurationFlags(profile: name)
            let selection: ServerSelection
            do {
                selection = try APIConfigurationResolver.resolve(flags: flags, environment: [:], file: file)
            } catch {
                if name == "fuzz-no-such-profile" { continue }
                _ = error.description
                continue
            }
            try check(name != "fuzz-no-such-profile", "an unknown profile resolved to \(selection)")
            if name == ConfigFile.sandboxProfile, file.profiles[ConfigFile.sandboxProfile] == nil {
                try check(selection == .builtInSandbox, "profile sandbox gave \(selection)")
            }
            guard case .remote(let configuration) = selection else { continue }
            for url in [configuration.apiBaseURL, configuration.authBaseURL, configuration.tokenURL, configuration.healthURL] {
                try check(["http", "https"].contains(url.scheme ?? ""), "a server URL with scheme \(url.scheme ?? "nil"): \(url)")
                try check(url.host?.isEmpty == false, "a server URL without a host: \(url)")
            }
            if configuration.usesInsecureHTTP {
                try check(file.allowInsecureHTTP == true || file.profiles.values.contains { $0.allowInsecureHTTP == true },
                          "clear-text http to another machine without allow_insecure_http: \(configuration)")
            }
        }
    }
}
