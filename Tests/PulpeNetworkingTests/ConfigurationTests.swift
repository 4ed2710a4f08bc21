import Foundation
@testable import PulpeNetworking
import Testing

@Suite("Configuration: flags > environment > config file > built-in sandbox")
struct ConfigurationTests {
    static let file = ConfigFile(path: "/home/u/.config/pulpe/config.json", apiURL: "https://file.example/api/v1",
                                 authURL: "https://file-auth.example", authAnonKey: "file-key")

    func remote(_ selection: ServerSelection) throws -> APIConfiguration {
        guard case .remote(let configuration) = selection else {
            Issue.record("expected a remote server, got \(selection)")
            throw CancellationError()
        }
        return configuration
    }

    @Test("A flag beats the environment, which beats the file, setting by setting")
    func precedence() throws {
        let environment = ["PULPE_API_URL": "https://env.example/api/v1", "PULPE_AUTH_ANON_KEY": "env-key"]
        let fromFlag = try remote(APIConfigurationResolver.resolve(
            flags: ConfigurationFlags(apiURL: "https://flag.example/api/v1"), environment: environment, file: Self.file))
        #expect(fromFlag.apiBaseURL.absoluteString == "https://flag.example/api/v1")
        #expect(fromFlag.authAnonKey == "env-key")
        #expect(fromFlag.authBaseURL.absoluteString == "https://file-auth.example")

        let fromEnvironment = try remote(APIConfigurationResolver.resolve(environment: environment, file: Self.file))
        #expect(fromEnvironment.apiBaseURL.absoluteString == "https://env.example/api/v1")

        let fromFile = try remote(APIConfigurationResolver.resolve(environment: [:], file: Self.file))
        #expect(fromFile.apiBaseURL.absoluteString == "https://file.example/api/v1")
        #expect(fromFile.authAnonKey == "file-key")
    }

    @Test("Empty values do not count as set")
    func emptyValues() throws {
        let environment = ["PULPE_API_URL": "  ", "PULPE_AUTH_URL": ""]
        let configuration = try remote(APIConfigurationResolver.resolve(
            flags: ConfigurationFlags(apiURL: ""), environment: environment, file: Self.file))
        #expect(configuration.apiBaseURL.absoluteString == "https://file.example/api/v1")
        #expect(configuration.authBaseURL.absoluteString == "https://file-auth.example")
    }

    @Test("Nothing configured → the built-in sandbox, and auth settings are not carried over")
    func sandboxFallback() throws {
        let selection = try APIConfigurationResolver.resolve(
            environment: ["PULPE_AUTH_URL": "https://real.supabase.co", "PULPE_AUTH_ANON_KEY": "k"], file: nil)
        #expect(selection == .builtInSandbox)

        let sandbox = APIConfiguration.sandbox(baseURL: URL(string: "http://127.0.0.1:41234/api/v1")!)
        #expect(sandbox.apiBaseURL.absoluteString == "http://127.0.0.1:41234/api/v1")
        #expect(sandbox.authBaseURL.absoluteString == "http://127.0.0.1:41234")
        #expect(sandbox.authAnonKey == nil)
        #expect(sandbox.healthURL.absoluteString == "http://127.0.0.1:41234/health")
    }

    @Test("Plain http:// to another machine is refused, in English for the CLI and French for the UI")
    func insecureRefused() {
        let environment = ["PULPE_API_URL": "http://api.example.com/api/v1"]
        #expect(throws: ConfigurationError.insecureHTTP(setting: "PULPE_API_URL", host: "api.example.com")) {
            try APIConfigurationResolver.resolve(environment: environment, file: nil)
        }
        let error = ConfigurationError.insecureHTTP(setting: "PULPE_API_URL", host: "api.example.com")
        #expect(error.description == "PULPE_API_URL: refusing plain http:// to api.example.com, which is not this machine; "
            + "use https://, or pass --allow-insecure-http if you really mean it")
        #expect(error.pulpeError.kind == .insecureURL)
    }

    @Test("An insecure auth URL is refused too, named by its own setting")
    func insecureAuth() {
        #expect(throws: ConfigurationError.insecureHTTP(setting: "auth_url in /c.json", host: "auth.example.com")) {
            try APIConfigurationResolver.resolve(environment: [:], file: ConfigFile(
                path: "/c.json", apiURL: "https://api.example.com/api/v1", authURL: "http://auth.example.com"))
        }
    }

    @Test("http:// is fine to this machine", arguments: [
        "http://127.0.0.1:3000/api/v1", "http://localhost:3000/api/v1", "http://[::1]:3000/api/v1",
        "http://127.8.9.10/api/v1", "http://pulpe.localhost/api/v1",
    ])
    func loopbackAllowed(url: String) throws {
        let configuration = try APIConfiguration.make(apiURL: url)
        #expect(configuration.apiBaseURL.absoluteString == url)
        #expect(!configuration.usesInsecureHTTP)
    }

    @Test("Hosts that only look local are not loopback", arguments: ["127.0.0.1.example.com", "localhost.example.com", "128.0.0.1", "10.0.0.1"])
    func notLoopback(host: String) {
        #expect(!URLRules.isLoopback(host: host))
    }

    @Test("--allow-insecure-http or the file's allow_insecure_http lets http:// through")
    func insecureOptIn() throws {
        let environment = ["PULPE_API_URL": "http://192.168.1.20:3000/api/v1"]
        let byFlag = try remote(APIConfigurationResolver.resolve(
            flags: ConfigurationFlags(allowInsecureHTTP: true), environment: environment, file: nil))
        #expect(byFlag.usesInsecureHTTP)
        let byFile = try remote(APIConfigurationResolver.resolve(
            environment: environment, file: ConfigFile(path: "/c.json", allowInsecureHTTP: true)))
        #expect(byFile.apiBaseURL.absoluteString == "http://192.168.1.20:3000/api/v1")
    }

    @Test("The API URL must include /api/v1")
    func apiPath() {
        #expect(throws: ConfigurationError.apiPathMissing(setting: "--api-url", value: "https://api.pulpe.app")) {
            try APIConfigurationResolver.resolve(flags: ConfigurationFlags(apiURL: "https://api.pulpe.app"),
                                                 environment: [:], file: nil)
        }
        #expect(ConfigurationError.apiPathMissing(setting: "--api-url", value: "https://api.pulpe.app").description.contains("/api/v1"))
    }

    @Test("Unusable URLs are refused with the reason", arguments: [
        "ftp://api.pulpe.app/api/v1", "api.pulpe.app/api/v1", "https:///api/v1", "https://user:pw@api.pulpe.app/api/v1",
        "https://api.pulpe.app/api/v1?x=1", "https://api.pulpe.app/api/v1#frag", "not a url at all",
    ])
    func invalidURLs(url: String) {
        do {
            _ = try APIConfiguration.make(apiURL: url)
            Issue.record("\(url) was accepted")
        } catch {
            guard case .invalidURL(let setting, _, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(setting == "--api-url")
            #expect(!reason.isEmpty)
        }
    }

    @Test("Normalisation: trailing slashes, upper-case scheme and host, auth origin defaults and /auth/v1 suffix")
    func normalisation() throws {
        let configuration = try APIConfiguration.make(apiURL: "HTTPS://API.Pulpe.App/api/v1/")
        #expect(configuration.apiBaseURL.absoluteString == "https://api.pulpe.app/api/v1")
        #expect(configuration.authBaseURL.absoluteString == "https://api.pulpe.app")
        #expect(configuration.tokenURL.absoluteString == "https://api.pulpe.app/auth/v1/token")
        #expect(configuration.serverRootURL.absoluteString == "https://api.pulpe.app")
        #expect(configuration.sessionKey == "https://api.pulpe.app/api/v1")

        let proxied = try APIConfiguration.make(apiURL: "https://example.org/pulpe/api/v1",
                                                authURL: "https://xyz.supabase.co/auth/v1/", authAnonKey: "  anon  ")
        #expect(proxied.healthURL.absoluteString == "https://example.org/pulpe/health")
        #expect(proxied.tokenURL.absoluteString == "https://xyz.supabase.co/auth/v1/token")
        #expect(proxied.authAnonKey == "anon")
        #expect(!proxied.description.contains("anon\""))
        #expect(proxied.description.contains("anon key set"))
    }

    @Test("Config file: known keys typed, unknown keys kept for the app, wrong types refused")
    func configFileParsing() throws {
        let text = #"{"api_url":"https://a.example/api/v1","auth_url":"","allow_insecure_http":false,"theme":"dark"}"#
        let file = try ConfigFile.parse(Data(text.utf8), path: "/c.json")
        #expect(file.apiURL == "https://a.example/api/v1")
        #expect(file.authURL == nil)
        #expect(file.allowInsecureHTTP == false)
        #expect(file.values["theme"]?.stringValue == "dark")

        #expect(throws: ConfigurationError.malformedFile(path: "/c.json", reason: "api_url must be a string")) {
            try ConfigFile.parse(Data(#"{"api_url":3}"#.utf8), path: "/c.json")
        }
        #expect(throws: ConfigurationError.malformedFile(path: "/c.json", reason: "allow_insecure_http must be true or false")) {
            try ConfigFile.parse(Data(#"{"allow_insecure_http":"yes"}"#.utf8), path: "/c.json")
        }
        #expect(throws: ConfigurationError.malformedFile(path: "/c.json", reason: "not a JSON object")) {
            try ConfigFile.parse(Data("api_url = x".utf8), path: "/c.json")
        }
    }

    @Test("Config file location follows XDG; a missing file is no file")
    func configFileLocation() throws {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"]) == "/x/cfg/pulpe/config.json")
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"])
            == "/home/u/.config/pulpe/config.json")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.json").path
        #expect(try ConfigFile.load(path: path) == nil)
        try Data(#"{"api_url":"https://disk.example/api/v1"}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try ConfigFile.load(path: path)?.apiURL == "https://disk.example/api/v1")
    }
}
