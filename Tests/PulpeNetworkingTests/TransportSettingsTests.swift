import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

/// Decision 86: the proxy and certificates read as curl and the other tools read them.
@Suite("TransportSettings")
struct TransportSettingsTests {
    static let https = URL(string: "https://api.pulpe.app/api/v1")!
    static let http = URL(string: "http://127.0.0.1:3000/api/v1")!

    static func file(_ values: [String: JSONValue]) -> ConfigFile {
        ConfigFile(path: "/home/u/.config/pulpe/config.json", values: values)
    }

    @Test("Each scheme its variable, lower case first, ALL_PROXY behind both; nothing set: direct")
    func environmentOrder() {
        let settings = TransportSettings.resolve(environment: [
            "HTTPS_PROXY": "http://upper:3128", "https_proxy": "http://lower:3128", "ALL_PROXY": "socks5h://all:1080",
        ], file: nil)
        #expect(settings.proxy(for: Self.https) == .init(url: "http://lower:3128", origin: "env: https_proxy"))
        #expect(settings.proxy(for: Self.http) == .init(url: "socks5h://all:1080", origin: "env: ALL_PROXY"))
        let upper = TransportSettings.resolve(environment: ["HTTP_PROXY": "http://p:8080"], file: nil)
        #expect(upper.proxy(for: Self.http)?.origin == "env: HTTP_PROXY")
        #expect(upper.proxy(for: Self.https) == nil, "HTTP_PROXY is for http:// only")
        #expect(TransportSettings.resolve(environment: ["HTTPS_PROXY": "  "], file: nil).proxy(for: Self.https) == nil)
    }

    @Test("The config file's proxy beats the environment; \"none\" or \"\" there means direct")
    func fileFirst() {
        let environment = ["HTTPS_PROXY": "http://env:3128"]
        let chosen = TransportSettings.resolve(environment: environment, file: Self.file(["proxy": .string("http://file:3128")]))
        #expect(chosen.proxy(for: Self.https) == .init(url: "http://file:3128", origin: "file: /home/u/.config/pulpe/config.json"))
        for off in ["none", "", "NONE"] {
            #expect(TransportSettings.resolve(environment: environment, file: Self.file(["proxy": .string(off)])).proxy(for: Self.https) == nil)
        }
    }

    @Test("NO_PROXY as curl matches it: a name and its subdomains, a leading dot, *, an IPv4 range")
    func noProxy() {
        let entries = TransportSettings.noProxyEntries(" .pulpe.app, localhost ,10.0.0.0/8,,192.168.1.7")
        #expect(entries == ["pulpe.app", "localhost", "10.0.0.0/8", "192.168.1.7"])
        for host in ["pulpe.app", "api.pulpe.app", "LOCALHOST", "10.20.30.40", "192.168.1.7", "api.pulpe.app."] {
            #expect(TransportSettings.bypasses(host: host, noProxy: entries), "\(host)")
        }
        for host in ["notpulpe.app", "pulpe.app.evil.com", "11.0.0.1", "192.168.1.70", "127.0.0.1"] {
            #expect(!TransportSettings.bypasses(host: host, noProxy: entries), "\(host)")
        }
        #expect(TransportSettings.bypasses(host: "anything", noProxy: ["*"]))
        let settings = TransportSettings.resolve(environment: ["HTTPS_PROXY": "http://p:1", "NO_PROXY": "pulpe.app"], file: nil)
        #expect(settings.proxy(for: Self.https) == nil)
        #expect(settings.describeProxy(for: Self.https) == ("none (api.pulpe.app is in no_proxy)", "env: NO_PROXY"))
    }

    @Test("pulpe config shows a proxy's user, never its password; the built-in sandbox is always direct")
    func shown() {
        let settings = TransportSettings.resolve(environment: ["HTTPS_PROXY": "http://ana:s3cret@proxy.corp:3128"], file: nil)
        #expect(settings.describeProxy(for: Self.https) == ("http://ana:…@proxy.corp:3128", "env: HTTPS_PROXY"))
        #expect(settings.describeProxy(for: nil).value == "none (the built-in sandbox is reached directly)")
        #expect(TransportSettings.direct.describeProxy(for: Self.https) == ("none (direct)", "default"))
    }

    @Test("Certificates: ca_file beats SSL_CERT_FILE; SSL_CERT_DIR for a directory")
    func certificates() {
        let environment = ["SSL_CERT_FILE": "/etc/corp.pem", "SSL_CERT_DIR": "/etc/corp"]
        let fromEnvironment = TransportSettings.resolve(environment: environment, file: nil)
        #expect(fromEnvironment.caFile == "/etc/corp.pem" && fromEnvironment.caFileOrigin == "env: SSL_CERT_FILE")
        #expect(fromEnvironment.caDirectory == "/etc/corp")
        let fromFile = TransportSettings.resolve(environment: environment, file: Self.file(["ca_file": .string("/home/u/ca.pem")]))
        #expect(fromFile.caFile == "/home/u/ca.pem")
    }
}
