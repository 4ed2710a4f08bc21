import Foundation
@testable import PulpeNetworking
import PulpeTestSupport
import Testing
@testable import PulpeNIOTransport

/// https through the production transport: the default TLS configuration verifies certificates
/// against the system's roots (so a self-signed server is refused), and with its certificate
/// trusted the same server answers.
@Suite("AsyncHTTPClientTransport over TLS", .timeLimit(.minutes(1)))
struct TLSTransportTests {
    static func hello(_ transport: AsyncHTTPClientTransport, port: Int) async throws -> HTTPResponseData {
        try await transport.send(HTTPRequestData(method: .get, url: URL(string: "https://127.0.0.1:\(port)/hello")!))
    }

    @Test("A trusted certificate: the answer comes back over https")
    func trusted() async throws {
        let server = try await TLSTestServer.start()
        var configuration = AsyncHTTPClientTransport.configuration(idleTimeout: .seconds(10))
        configuration.tlsConfiguration = try TLSTestServer.trustingClientConfiguration()
        let transport = AsyncHTTPClientTransport(configuration: configuration, maxBodyBytes: 1024)
        let response = try await Self.hello(transport, port: server.port)
        await transport.shutdown()
        await server.stop()
        #expect(response.status == 200)
        #expect(response.bodyText == "hello")
    }

    @Test("The default configuration refuses a certificate no system root vouches for")
    func untrusted() async throws {
        let server = try await TLSTestServer.start()
        var failure: TransportFailure?
        do {
            _ = try await Self.hello(AsyncHTTPClientTransport(), port: server.port)
        } catch {
            failure = error as? TransportFailure
        }
        await server.stop()
        #expect(failure?.kind == .secureConnectionFailed)
        #expect(failure?.code == -1200)
    }

    @Test("https to a server that speaks plain HTTP: secureConnectionFailed")
    func plainServer() async throws {
        let listener = try RawListener(.reply(Data("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8)))
        defer { listener.stop() }
        var failure: TransportFailure?
        do {
            _ = try await Self.hello(AsyncHTTPClientTransport(), port: listener.port)
        } catch {
            failure = error as? TransportFailure
        }
        #expect(failure?.kind == .secureConnectionFailed)
    }
}
