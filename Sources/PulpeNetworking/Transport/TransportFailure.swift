import Foundation

/// Why no HTTP answer came back. Everything a transport throws is turned into one of these.
public struct TransportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Nothing listens (connection refused, `-1004`): the server is down or the port wrong.
        case cannotConnect
        /// The name does not resolve (`-1003`, `-1006`).
        case hostNotFound
        /// No byte for the idle timeout (`-1001`), or the operation's whole budget ran out.
        case timedOut
        /// The connection dropped before a complete answer (`-1005`; Linux reports `-1011`).
        case connectionLost
        /// The machine has no network (`-1009`, `-1018`, `-1020`).
        case notConnectedToInternet
        /// TLS failed (certificate, handshake: `-1200`…`-1206`, `-2000`).
        case secureConnectionFailed
        /// The proxy could not be reached, or refused to open the tunnel (its `CONNECT` answer was
        /// not 2xx): nothing reached the server (decision 86).
        case proxyFailed
        /// The task was cancelled (`-999`, or `CancellationError`).
        case cancelled
        /// Anything else (bad URL, unsupported scheme, unknown error).
        case other
    }

    public var kind: Kind
    /// The failure's `URLError` code (`-1004`…): URLSession's own, or the one URLSession gave for the
    /// same kind when the socket transport failed (`urlErrorCode(for:)`), so logs keep one numbering.
    public var code: Int?
    /// The underlying error's text, for logs (never contains request headers).
    public var message: String?

    public init(_ kind: Kind, code: Int? = nil, message: String? = nil) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    /// The `URLError` code URLSession reported for each kind: logs keep one numbering whatever the
    /// transport (`(URLError -1004)` is a refused connection).
    public static func urlErrorCode(for kind: Kind) -> Int? {
        switch kind {
        case .cancelled: return -999
        case .timedOut: return -1001
        case .hostNotFound: return -1003
        case .cannotConnect: return -1004
        case .connectionLost: return -1005
        case .notConnectedToInternet: return -1009
        case .secureConnectionFailed: return -1200
        case .proxyFailed: return -1004
        case .other: return nil
        }
    }

    /// Classifies any error a transport may throw (the socket transport throws these already).
    public static func from(_ error: any Error) -> TransportFailure {
        if let failure = error as? TransportFailure { return failure }
        if error is CancellationError { return TransportFailure(.cancelled, message: "task cancelled") }
        if let urlError = error as? URLError {
            return TransportFailure(kind(forURLErrorCode: urlError.errorCode), code: urlError.errorCode,
                                    message: urlError.localizedDescription)
        }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            return TransportFailure(kind(forURLErrorCode: nsError.code), code: nsError.code, message: nsError.localizedDescription)
        }
        return TransportFailure(.other, message: String(describing: error))
    }

    /// The URLError codes measured on Linux with URLSession (see the networking notes) and their
    /// Darwin siblings. Kept because `URLError` is Foundation's, not the transport's: any code
    /// (a test double, a Darwin transport) reporting one is still understood.
    public static func kind(forURLErrorCode code: Int) -> Kind {
        switch code {
        case -999: return .cancelled
        case -1001: return .timedOut
        case -1003, -1006: return .hostNotFound
        case -1004: return .cannotConnect
        case -1005, -1011: return .connectionLost
        case -1009, -1018, -1020: return .notConnectedToInternet
        case -1206 ... -1200, -2000: return .secureConnectionFailed
        default: return .other
        }
    }

    public var description: String {
        var text = "transport failure \(kind)"
        if let code { text += " (\(code))" }
        if let message { text += ": \(message)" }
        return text
    }
}
