import PulpeCore
import PulpeDomain
import PulpeNetworking

/// What the sync engine does with an item after one send (docs/product.md §4, docs/contract.md §9).
/// Pure, so every answer's decision is tested on its own.
enum SyncDecision: Sendable, Hashable {
    /// The server has it: 201, or 409 `ERR_TRANSACTION_ALREADY_EXISTS` with the item read back in
    /// this account (an earlier attempt created it — success, once).
    case done
    /// Not this time (network, timeout, 5xx, 429, 503 maintenance, an unreadable 2xx): stays
    /// queued; `notBefore` when the server said how long to wait. The sync stops here, keeping
    /// the order.
    case keep(Failure, retryAfter: Duration?)
    /// Needs the user (session ended, PIN needed, account blocked): stays queued, sync stops.
    case stop(Failure)
    /// Refused by the server (400 / 404 / 422): kept with the server's reason until the user
    /// edits or deletes it; the sync goes on with the next item.
    case refuse(reason: RefusalReason)
    /// A create answered 409, or a replayed one answered 404 or 400: look it up by id before
    /// deciding (§14.7 rule 2, decision 95; `afterLookUp`).
    case lookUp
    /// A create answered 5xx again and again: ask whether its budget still exists (§14.7 rule 7).
    case lookUpBudget

    /// The first send of a created transaction (the quick-add's).
    static func decide(_ error: PulpeError) -> SyncDecision {
        decide(.createTransaction(NewTransaction(budgetId: "", name: "", amount: 0, kind: .expense)), error, isReplay: false)
    }

    /// What `error` means for `operation`: the transport and session failures the same for every
    /// operation, the HTTP answers by the decision table of docs/contract.md §14.7
    /// (`OperationDecision`).
    static func decide(_ operation: WriteOperation, _ error: PulpeError, isReplay: Bool, repeatedFailures: Bool = false) -> SyncDecision {
        let status: Int
        switch error.kind {
        case .offline, .timeout, .maintenance, .cancelled, .decoding:
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
        case .serverError:
            guard let code = error.context.status else { return .keep(Failure(error), retryAfter: nil) }
            status = code
        case .validation: status = error.context.status ?? 400
        case .notFound: status = error.context.status ?? 404
        case .conflict: status = error.context.status ?? 409
        }
        switch OperationDecision.decide(operation, .failure(status: status, code: error.context.code), isReplay: isReplay,
                                        repeatedFailures: repeatedFailures) {
        case .done: return .done
        case .keep: return .keep(Failure(error), retryAfter: nil)
        case .waitForUser(.pin): return .stop(.keyChanged)
        case .waitForUser(.signIn): return .stop(Failure(error))
        case .lookUp: return .lookUp
        case .lookUpBudget: return .lookUpBudget
        case .refuse(.gone):
            // A create answered 404 names what is missing (its budget); anything else: its item.
            return .refuse(reason: operation.isCreate ? reason(for: error) : .gone)
        case .refuse(.rejected): return .refuse(reason: reason(for: error))
        }
    }

    /// What a `lookUp` comes to once the created item was asked for by its id (`found`: this
    /// account holds it; nil: no answer). Not there after a 409: another account holds the id
    /// (the server's ids are unique across its users) — refused, never taken for done.
    static func afterLookUp(found: Bool?, error: PulpeError) -> SyncDecision {
        switch found {
        case true?: return .done
        case nil: return .keep(Failure(error), retryAfter: nil)
        case false?:
            if case .conflict = error.kind { return .refuse(reason: .idTaken) }
            return .refuse(reason: reason(for: error))
        }
    }

    /// The server's own words when it gave some, else what kind of refusal it was.
    static func reason(for error: PulpeError) -> RefusalReason {
        if let code = error.context.code, let refusal = PostponeRefusal(code: code) { return .postpone(refusal) }
        if error.context.code == "ERR_TAG_NOT_FOUND" { return .tagGone }
        if case let .validation(reason?, _) = error.kind, !reason.isEmpty { return .server(reason) }
        if let message = error.context.serverMessage, !message.isEmpty { return .server(message) }
        if let code = error.context.code { return .server(code) }
        return .server("HTTP \(error.context.status.map(String.init) ?? "?")")
    }
}
