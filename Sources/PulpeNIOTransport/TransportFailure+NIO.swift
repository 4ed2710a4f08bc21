import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import PulpeNetworking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The errors AsyncHTTPClient and SwiftNIO throw, sorted into the kinds URLSession's errors had, so
/// retries, the connectivity monitor and the start-up check behave as before the transport changed.
extension TransportFailure {
    /// Any error the transport may meet: AsyncHTTPClient's and SwiftNIO's sorted here, the rest
    /// by `TransportFailure.from`.
    public static func classify(_ error: any Error) -> TransportFailure {
        fromNIO(error) ?? from(error)
    }

    /// `nil` when `error` is none of AsyncHTTPClient's or SwiftNIO's.
    static func fromNIO(_ error: any Error) -> TransportFailure? {
        guard let kind = nioKind(of: error) else { return nil }
        return TransportFailure(kind, code: urlErrorCode(for: kind), message: nioMessage(error))
    }

    private static func nioKind(of error: any Error, connecting: Bool = false) -> Kind? {
        switch error {
        case let error as HTTPClientError:
            return kind(of: error)
        case let error as NIOConnectionError:
            // Every address was tried: the first failure says why. No attempt at all: DNS failed.
            if let first = error.connectionErrors.first {
                return nioKind(of: first.error, connecting: true) ?? .cannotConnect
            }
            let dnsFailed = error.dnsAError != nil || error.dnsAAAAError != nil
            return dnsFailed ? .hostNotFound : .cannotConnect
        case is SocketAddressError.UnknownHost:
            return .hostNotFound
        case let error as IOError:
            return kind(errno: error.errnoCode, connecting: connecting)
        case let error as ChannelError:
            return kind(of: error)
        case is HTTPParserError:
            // Not HTTP: libcurl called it a bad server reply, which URLSession reported as -1011.
            return .connectionLost
        case let error as NIOSSLError:
            if case .uncleanShutdown = error { return .connectionLost }
            return .secureConnectionFailed
        case is BoringSSLError, is NIOSSLExtraError:
            return .secureConnectionFailed
        case is NIOTooManyBytesError:
            // Not an answer of this API; retrying would only download it again.
            return .other
        default:
            return nil
        }
    }

    private static func kind(of error: HTTPClientError) -> Kind {
        switch error {
        case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
             .getConnectionFromPoolTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            return .timedOut
        case .remoteConnectionClosed, .bodyLengthMismatch, .uncleanShutdown, .requestStreamCancelled:
            return .connectionLost
        case .cancelled:
            return .cancelled
        default:
            return .other
        }
    }

    private static func kind(errno code: CInt, connecting: Bool) -> Kind {
        switch code {
        case ETIMEDOUT: return .timedOut
        case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, ENETDOWN, EHOSTDOWN: return .cannotConnect
        case ECONNRESET, ECONNABORTED, EPIPE: return .connectionLost
        default: return connecting ? .cannotConnect : .connectionLost
        }
    }

    private static func kind(of error: ChannelError) -> Kind {
        switch error {
        case .connectTimeout: return .timedOut
        case .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed, .eof: return .connectionLost
        case .writeHostUnreachable: return .cannotConnect
        default: return .other
        }
    }

    private static func nioMessage(_ error: any Error) -> String {
        if let tooMany = error as? NIOTooManyBytesError {
            return "response body over \(tooMany.maxBytes.map(String.init) ?? "the limit of") bytes"
        }
        return String(describing: error)
    }
}
