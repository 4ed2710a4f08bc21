import Foundation
@testable import PulpeNetworking
import Testing

/// Server profiles in config.json and the origin of each setting (`pulpe config`).
struct ConfigProfileTests {
    static let text = #"""
    {"api_url": "https://top.example/api/v1", "auth_anon_key": "top-key", "profile": "pulpe",
     "profiles": {"pulpe": {"api_url": "https://api.pulpe.example/api/v1"},
                  "local": {"api_url": "http://127.0.0.1:3000/api/v1", "auth_anon_key": "local-key"}}}
    """#

    static func file() throws -> ConfigFile { try ConfigFile.parse(Data(text.utf8), path: "/c.json") }

    func apiURL(_ selection: ServerSelection) -> String? {
        if case let .remote(configuration) = selection { return configuration.apiBaseURL.absoluteString }
        return nil
    }

    @Test func theFilesProfileThenTheFlagThenTheEnvironmentPickOne() throws {
        let file = try Self.file()
        #expect(apiURL(try APIConfigurationResolver.resolve(environment: [:], file: file)) == "https://api.pulpe.example/api/v1")
        let local = ConfigurationFlags(profile: "local")
        #expect(apiURL(try APIConfigurationResolver.resolve(flags: local, environment: [:], file: file))
                == "http://127.0.0.1:3000/api/v1")
        #expect(apiURL(try APIConfigurationResolver.resolve(environment: ["PULPE_PROFILE": "local"], file: file))
                == "http://127.0.0.1:3000/api/v1")
        #expect(try APIConfigurationResolver.resolve(flags: ConfigurationFlags(profile: "sandbox"), environment: [:], file: file)
                == .builtInSandbox, "sandbox needs no entry: the built-in one, whatever the top level says")
        #expect(throws: ConfigurationError.self) {
            try APIConfigurationResolver.resolve(flags: ConfigurationFlags(profile: "nope"), environment: [:], file: file)
        }
    }

    @Test func eachSettingSaysWhereItCameFrom() throws {
        let settings = try APIConfigurationResolver.settings(flags: ConfigurationFlags(authURL: "https://auth.example"),
                                                             environment: ["PULPE_AUTH_ANON_KEY": "env-key"],
                                                             file: try Self.file())
        let byKey = Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0) })
        #expect(byKey["api_url"]?.origin == .file(key: "api_url", path: "/c.json", profile: "pulpe"))
        #expect(byKey["auth_url"]?.origin == .flag("--auth-url"))
        #expect(byKey["auth_anon_key"]?.origin == .environment("PULPE_AUTH_ANON_KEY"))
        #expect(byKey["allow_insecure_http"]?.origin == .builtIn)
        let top = try APIConfigurationResolver.settings(flags: ConfigurationFlags(), environment: [:], file: try Self.file())
        #expect(top.first { $0.key == "auth_anon_key" }?.origin == .file(key: "auth_anon_key", path: "/c.json", profile: nil),
                "a key the profile leaves out comes from the top level")
    }
}
