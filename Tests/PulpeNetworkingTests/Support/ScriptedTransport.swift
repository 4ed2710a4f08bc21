import Foundation
@testable import PulpeNetworking
import PulpeDomain

/// A transport that replays scripted replies and records every request exactly as it would have
/// been sent (method, URL, headers, body bytes).
///
/// A test double, so it lives with the tests rather than in the shipped networking module. Replies
/// are consumed in order; when the script is empty the `fallback` handler answers (handy for
/// concurrent callers or route-based fakes); with neither, the request fails with
/// `TransportFailure.other`.
final class ScriptedTransport: HTTPTransport {
    /// One scripted outcome.
    enum Reply: Sendable {
        /// An HTTP answer (any status).
        case response(HTTPResponseData)
        /// A transport failure, thrown as is.
        case failure(TransportFailure)
        /// Never answers: suspends until the calling task is cancelled, then fails like URLSession
        /// does (`.cancelled`, `-999`). Used to exercise timeouts and cancellation.
        case hang
        /// Computed from the request.
        case handler(@Sendable (HTTPRequestData) async throws -> HTTPResponseData)

        /// A JSON answer with `text` as its exact body.
        static func json(_ status: Int, _ text: String, headers: HTTPHeaders = HTTPHeaders()) -> Reply {
            .response(.json(status, text, headers: headers))
        }

        /// An answer with no body (e.g. `204`, or a proxy's empty 404).
        static func empty(_ status: Int, headers: HTTPHeaders = HTTPHeaders()) -> Reply {
            .response(HTTPResponseData(status: status, headers: headers))
        }

        /// Connection refused, as URLSession reports it on Linux (`-1004`, in about a millisecond).
        static let refused = Reply.failure(TransportFailure(.cannotConnect, code: -1004, message: "Couldn't connect to server"))
        /// The server closed the connection without answering (`-1011` on Linux).
        static let dropped = Reply.failure(TransportFailure(.connectionLost, code: -1011, message: "Empty reply from server"))
        /// The idle timeout fired (`-1001`).
        static let timedOut = Reply.failure(TransportFailure(.timedOut, code: -1001, message: "The request timed out."))
    }

    private struct State: Sendable {
        var replies: [Reply]
        var requests: [HTTPRequestData] = []
    }

    private let state: Locked<State>
    private let fallback: (@Sendable (HTTPRequestData) async throws -> HTTPResponseData)?

    init(_ replies: [Reply] = [], fallback: (@Sendable (HTTPRequestData) async throws -> HTTPResponseData)? = nil) {
        self.state = Locked(State(replies: replies))
        self.fallback = fallback
    }

    /// Appends replies to the script.
    func enqueue(_ replies: Reply...) {
        state.withLock { $0.replies.append(contentsOf: replies) }
    }

    /// Every request received so far, in order.
    var requests: [HTTPRequestData] { state.withLock { $0.requests } }

    /// Replies not consumed yet.
    var remainingReplies: Int { state.withLock { $0.replies.count } }

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        let reply = state.withLock { state -> Reply? in
            state.requests.append(request)
            return state.replies.isEmpty ? nil : state.replies.removeFirst()
        }
        switch reply {
        case .response(let response)?:
            return response
        case .failure(let failure)?:
            throw failure
        case .hang?:
            try? await Task.sleep(for: .seconds(86_400 * 365))
            throw TransportFailure(.cancelled, code: -999, message: "cancelled")
        case .handler(let handler)?:
            return try await handler(request)
        case nil:
            if let fallback { return try await fallback(request) }
            throw TransportFailure(.other, message: "ScriptedTransport: no reply scripted for \(request.method.rawValue) \(request.url.absoluteString)")
        }
    }
}
