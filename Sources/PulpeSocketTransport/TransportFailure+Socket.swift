import PulpeNetworking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket's failures, sorted into the kinds URLSession's errors had (and AsyncHTTPClient's
/// after it), so retries, the connectivity monitor and the outbox's exactly-once rules read the same
/// kinds whatever the transport (decisions 16 and 73).
extension TransportFailure {
    /// A failure of `kind` with URLSession's code for it.
    static func socket(_ kind: Kind, _ message: String) -> TransportFailure {
        TransportFailure(kind, code: urlErrorCode(for: kind), message: message)
    }

    /// A failed system call: while connecting, anything but a timeout means no connection was made.
    static func errno(_ code: CInt, connecting: Bool, _ what: String) -> TransportFailure {
        let text = String(cString: strerror(code))
        return socket(kind(errno: code, connecting: connecting), "\(what): \(text) (errno \(code))")
    }

    static func kind(errno code: CInt, connecting: Bool) -> Kind {
        switch code {
        case ETIMEDOUT: return .timedOut
        case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, ENETDOWN, EHOSTDOWN: return .cannotConnect
        case ECONNRESET, ECONNABORTED, EPIPE: return .connectionLost
        // This process ran out of something: the server was never asked, and is not offline.
        case EMFILE, ENFILE, ENOMEM, ENOBUFS: return .other
        default: return connecting ? .cannotConnect : .connectionLost
        }
    }

    /// A name lookup that failed: no such name, or no way to ask (`getaddrinfo`'s `EAI_*`).
    static func lookup(_ code: CInt, host: String) -> TransportFailure {
        let text = String(cString: gai_strerror(code))
        return socket(.hostNotFound, "\(host): \(text) (EAI \(code))")
    }

    /// The body was refused for its size: not an answer of this API, and retrying would only
    /// download it again.
    static func bodyTooLarge(_ maxBytes: Int) -> TransportFailure {
        TransportFailure(.other, message: "response body over \(maxBytes) bytes")
    }
}
