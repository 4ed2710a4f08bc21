import Foundation
@testable import PulpeNetworking
import PulpeTestSupport
import Testing
@testable import PulpeCurlTransport

/// https through the production transport: by default certificates are verified against the
/// system's roots (so a self-signed server is refused), and with its certificate trusted the same
/// server answers; a certificate for another name is refused even when trusted.
@Suite("CurlHTTPTransport over TLS", .timeLimit(.minutes(1)))
struct TLSTransportTests {
    static func hello(_ transport: CurlHTTPTransport, port: Int) async throws -> HTTPResponseData {
        try await transport.send(HTTPRequestData(method: .get, url: URL(string: "https://127.0.0.1:\(port)/hello")!))
    }

    @Test("A trusted certificate: the answer comes back over https")
    func trusted() async throws {
        let server = try await TLSTestServer.start()
        let transport = CurlHTTPTransport(settings: TransportSettings(caFile: TLSTestServer.certificateFile), maxBodyBytes: 1024)
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
            _ = try await Self.hello(CurlHTTPTransport(), port: server.port)
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
            _ = try await Self.hello(CurlHTTPTransport(), port: listener.port)
        } catch {
            failure = error as? TransportFailure
        }
        #expect(failure?.kind == .secureConnectionFailed)
    }

    @Test("A trusted certificate for another name is refused: secureConnectionFailed")
    func wrongName() async throws {
        let server = try await TLSTestServer.start(on: "127.0.0.2")
        let transport = CurlHTTPTransport(settings: TransportSettings(caFile: TLSTestServer.certificateFile), maxBodyBytes: 1024)
        var failure: TransportFailure?
        do {
            // The certificate names 127.0.0.1 and localhost, not 127.0.0.2 (still this machine).
            _ = try await transport.send(HTTPRequestData(method: .get, url: URL(string: "https://127.0.0.2:\(server.port)/hello")!))
        } catch {
            failure = error as? TransportFailure
        }
        await server.stop()
        #expect(failure?.kind == .secureConnectionFailed)
    }

    @Test("Two requests over https share one connection and one handshake")
    func keptConnection() async throws {
        let server = try await TLSTestServer.start()
        let transport = CurlHTTPTransport(settings: TransportSettings(caFile: TLSTestServer.certificateFile), maxBodyBytes: 1024)
        let first = try await Self.hello(transport, port: server.port)
        let second = try await Self.hello(transport, port: server.port)
        await server.stop()
        #expect(first.bodyText == "hello")
        #expect(second.bodyText == "hello")
        #expect(server.handshakes == 1)
    }

    @Test("A DNS name: sent as SNI and matched against the certificate's names (localhost)")
    func byName() async throws {
        let server = try await TLSTestServer.start()
        let transport = CurlHTTPTransport(settings: TransportSettings(caFile: TLSTestServer.certificateFile), maxBodyBytes: 1024)
        let response = try await transport.send(HTTPRequestData(method: .get, url: URL(string: "https://localhost:\(server.port)/hello")!))
        await server.stop()
        #expect(response.bodyText == "hello")
        #expect(server.serverNames == ["localhost"])
    }
}
