import Foundation
import Hummingbird
import HummingbirdTLS
import NIOSSL

/// An https server on `127.0.0.1` (Hummingbird over NIOSSL) with a self-signed certificate for
/// `127.0.0.1` and `localhost`, valid 2000–2099; `GET /hello` answers `hello`. Nothing trusts the
/// certificate but a client told to (`trustingClientConfiguration`).
struct TLSTestServer: Sendable {
    let port: Int
    private let task: Task<Void, any Error>

    static let certificatePEM = """
        -----BEGIN CERTIFICATE-----
        MIIBjTCCATOgAwIBAgIBATAKBggqhkjOPQQDAjAfMR0wGwYDVQQDDBRwdWxwZS10
        ZXN0LTEyNy4wLjAuMTAgFw0wMDAxMDEwMDAwMDBaGA8yMDk5MTIzMTAwMDAwMFow
        HzEdMBsGA1UEAwwUcHVscGUtdGVzdC0xMjcuMC4wLjEwWTATBgcqhkjOPQIBBggq
        hkjOPQMBBwNCAATwWMoUg62v7aRiX2/8exV2Yrdm8yJfH5YowmS6HF+5Ezjhp+5b
        Wes0t67AVzr3ZTOYmQccTbZSkzLeaQpuDP+Qo14wXDAaBgNVHREEEzARhwR/AAAB
        gglsb2NhbGhvc3QwDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMCAoQwHQYD
        VR0OBBYEFMVFLym/ZHOijQtTPGPZb4PGRZdPMAoGCCqGSM49BAMCA0gAMEUCICS5
        jVmYTDK3v8cbEHgCf+eOed7Hz6scJAtMZxPru9+UAiEAzKmlG+h3QUH1g9E/+z/1
        /neJBbQ5+SIHZ3JV+NmnePE=
        -----END CERTIFICATE-----
        """

    /// A test key, for this test server only.
    static let privateKeyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgeHN0/pFvirpW/0LP
        0eDrQg3mggmQy040UFNHH62BOHyhRANCAATwWMoUg62v7aRiX2/8exV2Yrdm8yJf
        H5YowmS6HF+5Ezjhp+5bWes0t67AVzr3ZTOYmQccTbZSkzLeaQpuDP+Q
        -----END PRIVATE KEY-----
        """

    static func certificate() throws -> NIOSSLCertificate {
        try NIOSSLCertificate(bytes: Array(certificatePEM.utf8), format: .pem)
    }

    /// A client TLS configuration that trusts this server's certificate and nothing else.
    static func trustingClientConfiguration() throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([try certificate()])
        return configuration
    }

    static func start() async throws -> TLSTestServer {
        let key = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
        let tls = TLSConfiguration.makeServerConfiguration(certificateChain: [.certificate(try certificate())],
                                                           privateKey: .privateKey(key))
        let router = Router()
        router.get("/hello") { _, _ in "hello" }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, server: try .tls(.http1(), tlsConfiguration: tls),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) })
        let task = Task {
            defer { continuation.finish() }
            try await app.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw CancellationError()
        }
        return TLSTestServer(port: port, task: task)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
