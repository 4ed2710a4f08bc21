import COpenSSLTLS
import Foundation
import Glibc
import Synchronization

/// An https server on `127.0.0.1` (libssl's server side over a blocking socket, one thread per
/// connection) with a self-signed certificate for `127.0.0.1` and `localhost`, valid 2000–2099;
/// `GET /hello` answers `hello`. Nothing trusts the certificate but a client told to
/// (`certificateFile`).
final class TLSTestServer: Sendable {
    let port: Int
    private let listener: Int32
    /// The server's `SSL_CTX`, as an address: shared by the connections' threads, freed never.
    private let context: UInt
    private let shakes = Mutex(0)

    private let names = Mutex<[String]>([])

    /// How many TLS handshakes completed: one per connection.
    var handshakes: Int { shakes.withLock { $0 } }

    /// The name each client asked for (SNI), when it sent one.
    var serverNames: [String] { names.withLock { $0 } }

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

    /// The certificate as a PEM file, for a client to trust.
    static let certificateFile: String = write(certificatePEM, named: "cert.pem")
    private static let keyFile: String = write(privateKeyPEM, named: "key.pem")

    private static func write(_ text: String, named name: String) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-tls-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try? (text + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    struct Unavailable: Error {}

    /// Listens on `address` (a loopback address) on a free port.
    static func start(on host: String = "127.0.0.1") async throws -> TLSTestServer {
        guard let context = cossl_tls_server_context(certificateFile, keyFile) else { throw Unavailable() }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(host)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard fd >= 0, bound else {
            cossl_tls_context_free(context)
            throw Unavailable()
        }
        let server = TLSTestServer(port: Int(UInt16(bigEndian: address.sin_port)), listener: fd, context: context)
        Thread { server.acceptLoop() }.start()
        return server
    }

    private init(port: Int, listener: Int32, context: UnsafeMutableRawPointer) {
        self.port = port
        self.listener = listener
        self.context = UInt(bitPattern: context)
    }

    func stop() async {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let address = context
            Thread { self.serve(connection, context: UnsafeMutableRawPointer(bitPattern: address)!) }.start()
        }
    }

    /// One connection: the handshake, then `hello` to each request head until the client leaves.
    private func serve(_ connection: Int32, context: UnsafeMutableRawPointer) {
        defer { close(connection) }
        // A client that already left must not SIGPIPE the test process (libssl writes with write()).
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let session = cossl_tls_new(context, connection, nil, 0) else { return }
        defer { cossl_tls_free(session) }
        guard cossl_tls_handshake(session, 1) == Int32(COSSL_TLS_DONE) else { return }
        shakes.withLock { $0 += 1 }
        if let name = cossl_tls_server_name(session) { names.withLock { $0.append(String(cString: name)) } }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var received: [UInt8] = []
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello".utf8)
        while true {
            var count: Int32 = 0
            guard cossl_tls_read(session, &buffer, Int32(buffer.count), &count) == Int32(COSSL_TLS_DONE) else { return }
            received += buffer[0..<Int(count)]
            while let end = String(decoding: received, as: UTF8.self).range(of: "\r\n\r\n") {
                received = Array(String(decoding: received, as: UTF8.self)[end.upperBound...].utf8)
                var written: Int32 = 0
                _ = cossl_tls_write(session, answer, Int32(answer.count), &written)
            }
        }
    }
}
