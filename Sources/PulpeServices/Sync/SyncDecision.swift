import PulpeCore
import PulpeNetworking

/// What the sync engine does with an item after one send (docs/product.md §4, docs/contract.md §9).
/// Pure, so every answer's decision is tested on its own.
enum SyncDecision: Sendable, Hashable {
    /// The server has it: 201, or 409 `ERR_TRANSACTION_ALREADY_EXISTS` (an earlier attempt
    /// created it — success, once).
    case done
    /// Not this time (network, timeout, 5xx, 429, 503 maintenance, an unreadable 2xx): stays
    /// queued; `notBefore` when the server said how long to wait. The sync stops here, keeping
    /// the order.
    case keep(Failure, retryAfter: Duration?)
    /// Needs the user (session ended, PIN needed, account blocked): stays queued, sync stops.
    case stop(Failure)
    /// Refused by the server (400 / 404 / 422): kept with the server's reason until the user
    /// edits or deletes it; the sync goes on with the next item.
    case refuse(reason: String)

    static func decide(_ error: PulpeError) -> SyncDecision {
        switch error.kind {
        case .conflict(.transactionAlreadyExists):
            return .done
        case .offline, .timeout, .serverError, .maintenance, .cancelled, .decoding:
            return .keep(Failure(error), retryAfter: nil)
        case let .rateLimited(retryAfter):
            return .keep(.rateLimited, retryAfter: retryAfter)
        case .wrongClientKey:
            // A key changed behind the client's back (a new PIN elsewhere): « re-ask the PIN »,
            // never « the server refused this expense » (decision 43).
            return .stop(.keyChanged)
        case .unauthorized, .forbidden, .invalidCredentials, .invalidURL, .insecureURL,
             .untrustedKeyParameters:
            return .stop(Failure(error))
        case .validation, .notFound, .conflict:
            return .refuse(reason: reason(for: error))
        }
    }

    /// The server's own words when it gave some, else what kind of refusal it was.
    static func reason(for error: PulpeError) -> String {
        if case let .validation(reason?, _) = error.kind, !reason.isEmpty { return reason }
        if let message = error.context.serverMessage, !message.isEmpty { return message }
        if let code = error.context.code { return code }
        return "HTTP \(error.context.status.map(String.init) ?? "?")"
    }
}
