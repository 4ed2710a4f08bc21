import CCurl
import PulpeNetworking

/// libcurl's result codes sorted into the kinds the socket transport and URLSession's errors had,
/// so retries, the connectivity monitor and the outbox's exactly-once rules read the same kinds
/// whatever the transport (decisions 16, 73, 86). A proxy's own failure is its own kind: the user
/// is told to look at the proxy, not at the internet connection.
extension TransportFailure {
    /// A failure of `kind` with URLSession's code for it.
    static func curl(_ kind: Kind, _ message: String) -> TransportFailure {
        TransportFailure(kind, code: urlErrorCode(for: kind), message: message)
    }

    /// `code` as the caller hears it; `proxyAnswer` is the proxy's status to the `CONNECT` (0: none).
    static func curl(_ code: CURLcode, message: String, proxy: TransportSettings.Proxy?, proxyAnswer: Int) -> TransportFailure {
        let text = "\(message) (curl \(code.rawValue))"
        if proxy != nil, proxyAnswer != 0, !(200..<300).contains(proxyAnswer) {
            return curl(.proxyFailed, "the proxy answered \(proxyAnswer) to CONNECT: \(text)")
        }
        if proxy != nil, [CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_PROXY, CURLE_PROXY].contains(code) {
            // Through a proxy, the only connection this process makes is to the proxy.
            return curl(.proxyFailed, "the proxy could not be reached: \(text)")
        }
        return curl(kind(of: code), text)
    }

    static func kind(of code: CURLcode) -> Kind {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: .hostNotFound
        case CURLE_COULDNT_CONNECT, CURLE_INTERFACE_FAILED: .cannotConnect
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        // The URL's scheme is checked before any send: here it is an answer that is not HTTP
        // (« Received HTTP/0.9 when not allowed »).
        case CURLE_UNSUPPORTED_PROTOCOL,
             CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING,
             CURLE_SEND_ERROR, CURLE_RECV_ERROR:
            .connectionLost
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM,
             CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
             CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
            .secureConnectionFailed
        case CURLE_COULDNT_RESOLVE_PROXY, CURLE_PROXY: .proxyFailed
        case CURLE_ABORTED_BY_CALLBACK: .cancelled
        default: .other
        }
    }

    /// The body was refused for its size: not an answer of this API, and retrying would only
    /// download it again.
    static func bodyTooLarge(_ maxBytes: Int) -> TransportFailure {
        TransportFailure(.other, message: "response body over \(maxBytes) bytes")
    }
}
