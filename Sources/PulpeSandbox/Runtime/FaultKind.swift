/// A way an `/api/v1` request can fail on purpose, to exercise a client's error handling.
///
/// Two families: the *before* kinds (`500`, `503`, `drop`) fail without running the route, so
/// nothing is written; the *after* kinds (`created-500`, `created-drop`) run `POST /transactions`
/// first and then lose or spoil the answer, which is how a client's outbox learns that "no
/// answer" and `ERR_TRANSACTION_CREATE_FAILED` may still mean "created" (`docs/contract.md` §3).
/// `slow` fails nothing: it holds the answer back.
public enum FaultKind: String, Sendable, CaseIterable, Codable {
    /// 500 `ERR_INTERNAL_SERVER` with the error envelope, before the route runs.
    case internalError = "500"
    /// 503 without the `MAINTENANCE` code (an ordinary server error, not maintenance), before the route runs.
    case unavailable = "503"
    /// The connection is closed without any response, before the route runs.
    case drop
    /// `POST /api/v1/transactions` only: the transaction is created, then the answer is 500
    /// `ERR_TRANSACTION_CREATE_FAILED` instead of 201.
    case createdThenFailed = "created-500"
    /// `POST /api/v1/transactions` only: the transaction is created, then the connection is closed
    /// with no answer.
    case createdThenDropped = "created-drop"
    /// The route runs normally; its answer (success or error) is held back 0.5…3 s, drawn per request.
    case slow

    /// What `--faults` and `POST /__sandbox/faults` use when no list is given: the kinds that fail
    /// before doing anything (unchanged since the first sandbox, so existing runs keep their meaning).
    public static let defaultKinds: [FaultKind] = [.internalError, .unavailable, .drop]

    /// The bounds of `slow`'s per-request delay.
    public static let slowDelayMilliseconds: ClosedRange<Int> = 500...3000

    /// Whether this kind only makes sense after a transaction was created.
    public var needsTransactionCreate: Bool {
        self == .createdThenFailed || self == .createdThenDropped
    }

    /// Parses a `--faults` list such as `500,503,drop`; `nil` for an unknown or empty entry.
    public static func parseList(_ text: String) -> [FaultKind]? {
        let kinds = text.split(separator: ",", omittingEmptySubsequences: false).map {
            FaultKind(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased())
        }
        guard !kinds.isEmpty, kinds.allSatisfy({ $0 != nil }) else { return nil }
        var unique: [FaultKind] = []
        for case let kind? in kinds where !unique.contains(kind) { unique.append(kind) }
        return unique
    }
}
