import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeSandbox
import PulpeStore
import Testing
@testable import PulpeServices

/// Every answer's decision (docs/product.md §4, docs/contract.md §9).
@Suite struct SyncDecisionTests {
    /// A 409 is « already sent » only when this account holds the id (decision 95): the server's
    /// ids are unique across its users, and a joint account's statement made the same ids in both.
    @Test func aTakenIdIsDoneOnlyWhenThisAccountHoldsIt() {
        let taken = PulpeError(.conflict(.transactionAlreadyExists),
                               context: ErrorContext(status: 409, code: "ERR_TRANSACTION_ALREADY_EXISTS",
                                                     serverMessage: "Transaction with ID 'x' already exists"))
        #expect(SyncDecision.decide(taken) == .lookUp)
        #expect(SyncDecision.afterLookUp(found: true, error: taken) == .done, "an earlier send of this account made it")
        #expect(SyncDecision.afterLookUp(found: false, error: taken) == .refuse(reason: .idTaken), "another account holds it")
        guard case .keep(_, nil) = SyncDecision.afterLookUp(found: nil, error: taken) else {
            Issue.record("a read-back without an answer keeps the item queued")
            return
        }
    }

    @Test func aReplayedCreateNotFoundIsRefusedWithTheServersReason() {
        let missing = PulpeError(.notFound, context: ErrorContext(status: 404, code: "ERR_BUDGET_LINE_NOT_FOUND",
                                                                  serverMessage: "Budget line not found"))
        #expect(SyncDecision.afterLookUp(found: false, error: missing) == .refuse(reason: .server("Budget line not found")))
        #expect(SyncDecision.afterLookUp(found: true, error: missing) == .done)
    }

    @Test(arguments: [PulpeError.Kind.offline(.cannotConnect), .timeout, .serverError, .maintenance, .decoding, .cancelled])
    func transientFailuresKeepTheItemQueued(kind: PulpeError.Kind) {
        guard case .keep(_, nil) = SyncDecision.decide(PulpeError(kind)) else {
            Issue.record("\(kind) should keep the item")
            return
        }
    }

    @Test func throttlingHonoursRetryAfter() {
        #expect(SyncDecision.decide(PulpeError(.rateLimited(retryAfter: .seconds(7))))
                == .keep(.rateLimited, retryAfter: .seconds(7)))
    }

    @Test func anExpiredSessionOrAMissingKeyStopsAndKeeps() {
        #expect(SyncDecision.decide(PulpeError(.unauthorized)) == .stop(.sessionExpired))
        #expect(SyncDecision.decide(PulpeError(.forbidden(.clientKeyMissing))) == .stop(.pinRequired))
        // A key refused after it had worked: the PIN changed elsewhere (decision 43) — it waits, never refused.
        #expect(SyncDecision.decide(PulpeError(.wrongClientKey)) == .stop(.keyChanged))
    }

    @Test func validationAndNotFoundAreRefusedWithTheServersReason() {
        let validation = PulpeError(.validation(reason: "Transaction validation failed: Amount cannot exceed 1000000", fields: []),
                                    context: ErrorContext(status: 400))
        #expect(SyncDecision.decide(validation) == .refuse(reason: .server("Transaction validation failed: Amount cannot exceed 1000000")))
        let missing = PulpeError(.notFound, context: ErrorContext(status: 404, code: "ERR_BUDGET_NOT_FOUND", serverMessage: "Budget not found"))
        #expect(SyncDecision.decide(missing) == .refuse(reason: .server("Budget not found")))
        let unprocessable = PulpeError(.validation(reason: nil, fields: []), context: ErrorContext(status: 422))
        #expect(SyncDecision.decide(unprocessable) == .refuse(reason: .server("HTTP 422")))
        // A tag deleted elsewhere (§15.2): its own reason, not the server's words.
        let tagGone = PulpeError(.notFound, context: ErrorContext(status: 404, code: "ERR_TAG_NOT_FOUND", serverMessage: "Tag not found"))
        #expect(SyncDecision.decide(tagGone) == .refuse(reason: .tagGone))
    }
}
