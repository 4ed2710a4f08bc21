import Foundation
@testable import PulpeNetworking
import PulpeTestSupport
import Testing
@testable import PulpeCurlTransport

/// Decision 86: the transport through a real proxy (`tinyproxy` on loopback). https goes through a
/// tunnel the proxy only sees as `CONNECT host:port`; `NO_PROXY` bypasses it; a proxy that refuses
/// or is not there is a failure of its own kind (`proxyFailed`), never an answer of the server.
@Suite("CurlHTTPTransport through a proxy", .serialized, .timeLimit(.minutes(1)))
struct ProxyTransportTests {
    static func hello(_ transport: CurlHTTPTransport, port: Int) async throws -> HTTPResponseData {
        try await transport.send(HTTPRequestData(method: .get, url: URL(string: "https://127.0.0.1:\(port)/hello")!))
    }

    static func through(_ proxy: String, noProxy: String? = nil) -> CurlHTTPTransport {
        var environment = ["HTTPS_PROXY": proxy, "SSL_CERT_FILE": TLSTestServer.certificateFile]
        environment["NO_PROXY"] = noProxy
        return CurlHTTPTransport(settings: TransportSettings.resolve(environment: environment, file: nil))
    }

    @Test("https through HTTPS_PROXY: one tunnel for two requests, the answer intact")
    func tunnel() async throws {
        let proxy = try TinyProxy()
        defer { proxy.stop() }
        let server = try await TLSTestServer.start()
        let transport = Self.through(proxy.url)
        let first = try await Self.hello(transport, port: server.port)
        let second = try await Self.hello(transport, port: server.port)
        await transport.shutdown()
        await server.stop()
        #expect(first.status == 200 && first.bodyText == "hello")
        #expect(second.bodyText == "hello")
        #expect(proxy.tunnels == ["127.0.0.1:\(server.port)"], "the connection is kept: \(proxy.tunnels)")
    }

    @Test("NO_PROXY naming the host: the proxy sees nothing")
    func bypassed() async throws {
        let proxy = try TinyProxy()
        defer { proxy.stop() }
        let server = try await TLSTestServer.start()
        let transport = Self.through(proxy.url, noProxy: "localhost,127.0.0.1")
        let answer = try await Self.hello(transport, port: server.port)
        await server.stop()
        #expect(answer.bodyText == "hello")
        #expect(proxy.tunnels.isEmpty, "\(proxy.tunnels)")
    }

    @Test("A proxy that refuses (403 to CONNECT), or none listening: proxyFailed, nothing reached the server")
    func refused() async throws {
        let refusing = try TinyProxy(refusing: true)
        defer { refusing.stop() }
        let server = try await TLSTestServer.start()
        var failures: [TransportFailure?] = []
        let closed = SandboxProcess.freePort()
        for proxy in [refusing.url, "http://127.0.0.1:\(closed)"] {
            do {
                _ = try await Self.hello(Self.through(proxy), port: server.port)
                failures.append(nil)
            } catch {
                failures.append(error as? TransportFailure)
            }
        }
        await server.stop()
        #expect(failures.map { $0?.kind } == [.proxyFailed, .proxyFailed], "\(failures)")
        #expect(failures.first??.message?.contains("403") == true, "\(failures)")
        #expect(PulpeError(transport: failures[0]!, context: ErrorContext()).kind == .offline(.proxy))
    }
}
