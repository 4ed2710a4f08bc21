import AsyncHTTPClient
import Glibc
import NIOCore
import NIOHTTP1
import NIOSSL
@testable import PulpeNetworking
import Testing
@testable import PulpeNIOTransport

/// AsyncHTTPClient's and SwiftNIO's errors land in the kinds URLSession's did (see the URLError
/// cases in ErrorMappingTests), with the same URLError numbers in logs. The live cases (refused,
/// DNS, idle timeout, dropped, cancelled, TLS) are in AsyncHTTPClientTransportTests.
@Suite("AsyncHTTPClient and NIO errors → TransportFailure")
struct NIOErrorMappingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var error: any Error & Sendable
        var kind: TransportFailure.Kind
        var testDescription: String { "\(error) → \(kind)" }
    }

    static let cases: [Case] = [
        Case(error: HTTPClientError.connectTimeout, kind: .timedOut),
        Case(error: HTTPClientError.readTimeout, kind: .timedOut),
        Case(error: HTTPClientError.writeTimeout, kind: .timedOut),
        Case(error: HTTPClientError.deadlineExceeded, kind: .timedOut),
        Case(error: HTTPClientError.tlsHandshakeTimeout, kind: .timedOut),
        Case(error: HTTPClientError.getConnectionFromPoolTimeout, kind: .timedOut),
        Case(error: HTTPClientError.remoteConnectionClosed, kind: .connectionLost),
        Case(error: HTTPClientError.bodyLengthMismatch, kind: .connectionLost),
        Case(error: HTTPClientError.cancelled, kind: .cancelled),
        Case(error: HTTPClientError.invalidURL, kind: .other),
        Case(error: HTTPClientError.unsupportedScheme("ftp"), kind: .other),
        Case(error: IOError(errnoCode: ECONNREFUSED, reason: "connect"), kind: .cannotConnect),
        Case(error: IOError(errnoCode: ETIMEDOUT, reason: "connect"), kind: .timedOut),
        Case(error: IOError(errnoCode: ECONNRESET, reason: "read"), kind: .connectionLost),
        Case(error: IOError(errnoCode: EPIPE, reason: "write"), kind: .connectionLost),
        Case(error: ChannelError.connectTimeout(.seconds(10)), kind: .timedOut),
        Case(error: ChannelError.ioOnClosedChannel, kind: .connectionLost),
        Case(error: ChannelError.eof, kind: .connectionLost),
        Case(error: HTTPParserError.invalidConstant, kind: .connectionLost),
        Case(error: NIOSSLError.handshakeFailed(.sslError([])), kind: .secureConnectionFailed),
        Case(error: NIOSSLError.uncleanShutdown, kind: .connectionLost),
        Case(error: NIOTooManyBytesError(maxBytes: 10), kind: .other),
    ]

    @Test("Each error's kind and URLError number", arguments: cases)
    func mapping(_ item: Case) {
        let failure = TransportFailure.classify(item.error)
        #expect(failure.kind == item.kind)
        #expect(failure.code == TransportFailure.urlErrorCode(for: item.kind))
        #expect(failure.message?.isEmpty == false)
    }

    @Test("The numbers are URLSession's, so a kind reads back from its own number")
    func numbersRoundTrip() {
        let kinds: [TransportFailure.Kind] = [.cancelled, .timedOut, .hostNotFound, .cannotConnect, .connectionLost,
                                              .notConnectedToInternet, .secureConnectionFailed]
        for kind in kinds {
            let code = TransportFailure.urlErrorCode(for: kind)
            #expect(code.map(TransportFailure.kind(forURLErrorCode:)) == kind)
        }
        #expect(TransportFailure.urlErrorCode(for: .other) == nil)
    }

    @Test("An over-size body says how large it may be")
    func tooManyBytes() {
        #expect(TransportFailure.classify(NIOTooManyBytesError(maxBytes: 64)).message == "response body over 64 bytes")
    }

    @Test("Errors of neither library still go through the URLError rules")
    func otherErrorsUnchanged() {
        struct Strange: Error {}
        #expect(TransportFailure.classify(Strange()).kind == .other)
        #expect(TransportFailure.classify(CancellationError()).kind == .cancelled)
    }
}
