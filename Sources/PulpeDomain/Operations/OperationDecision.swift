/// What the outbox does with an operation after one send (docs/contract.md §14.7). Pure: every
/// operation × every answer is a row of `OperationDecision.decide`, tested as a table.
public enum OperationDecision: Hashable, Sendable {
    /// The server has the intended state: the operation leaves the queue.
    case done
    /// Not this time (network, 5xx, 429, maintenance, a concurrent modification): stays queued,
    /// sent again with backoff; the queue stops here to keep the order.
    case keep
    /// Needs the user first (the session ended; the key was changed elsewhere: a new PIN): stays
    /// queued, never refused for it.
    case waitForUser(WaitReason)
    /// `GET` the created item by its id — there: done; not there: refused. A create answered 409:
    /// its id is taken, by an earlier send of this account or by another account (ids are unique
    /// across the server's users; decision 95). A replayed create answered 404 or 400 may have
    /// reached the server on an earlier try (§14.7 rule 2).
    case lookUp
    /// A create answered 5xx again and again may be writing into a budget deleted elsewhere: the
    /// server's row security answers that 500, not 404. Ask for the budget — gone: refused; there,
    /// or no answer: kept (§14.7 rule 7).
    case lookUpBudget
    /// Final: kept with the reason until the user retries, edits or drops it.
    case refuse(Refusal)

    public enum WaitReason: Hashable, Sendable {
        case signIn
        case pin
    }

    public enum Refusal: Hashable, Sendable {
        /// The item is gone on the server (« refusée — n'existe plus »): never re-created silently.
        case gone
        /// The server refused the content (validation), with its code.
        case rejected(code: String?)
    }

    /// The decision for `operation` after `answer`. `isReplay`: an earlier send of it may have
    /// reached the server (its answer was lost, or its process died).
    /// After this many sends of a create answered 5xx, its budget is asked for (rule 7).
    public static let sendsBeforeBudgetLookUp = 3

    /// `repeatedFailures`: the item has been sent `sendsBeforeBudgetLookUp` times or more.
    public static func decide(_ operation: WriteOperation, _ answer: OperationAnswer, isReplay: Bool,
                              repeatedFailures: Bool = false) -> OperationDecision {
        let status: Int
        let code: String?
        switch answer {
        case .transport: return .keep
        case .success: return .done
        case let .failure(s, c): (status, code) = (s, c)
        }
        // What holds for every operation (§14.7 rule 9).
        switch (status, code) {
        case (401, _): return .waitForUser(.signIn)
        case (_, "ERR_ENCRYPTION_KEY_CHECK_FAILED"?), (_, "ERR_AUTH_CLIENT_KEY_MISSING"?), (_, "ERR_AUTH_CLIENT_KEY_INVALID"?):
            return .waitForUser(.pin)
        case (429, _), (503, _), (409, "ERR_CONCURRENT_MODIFICATION"?), (409, "ERR_SAVINGS_GOAL_WITHDRAWAL_CONFLICT"?):
            return .keep
        default: break
        }
        switch operation {
        case .createTransaction, .createBudgetLine:
            switch (status, code) {
            // `*_ALREADY_EXISTS`: done only when this account holds it (an earlier send created it).
            case (409, _): return .lookUp
            case (404, _), (400, _):
                // A replay may have created it before the line changed: look before refusing.
                if isReplay { return .lookUp }
                return status == 404 ? .refuse(.gone) : .refuse(.rejected(code: code))
            case (500...599, _):
                // The row may exist: resend with the same id — or its budget is gone (rule 7).
                return repeatedFailures ? .lookUpBudget : .keep
            default: return .refuse(.rejected(code: code))
            }
        case .patchTransaction, .patchBudgetLine:
            switch (status, code) {
            case (404, _): return .refuse(.gone)
            case (500, "ERR_TRANSACTION_UPDATE_FAILED"?), (500, "ERR_BUDGET_LINE_UPDATE_FAILED"?): return .done
            case (500...599, _): return .keep
            default: return .refuse(.rejected(code: code))
            }
        case .deleteTransaction, .deleteBudgetLine:
            switch (status, code) {
            case (404, _): return .done   // already gone
            case (500, "ERR_TRANSACTION_DELETE_FAILED"?), (500, "ERR_BUDGET_LINE_DELETE_FAILED"?): return .done
            case (500...599, _): return .keep
            default: return .refuse(.rejected(code: code))
            }
        case .setTransactionChecked, .setBudgetLineChecked:
            switch status {
            case 404: return .done   // gone: nothing left to check (rule 5: drop)
            case 500...599: return .keep
            default: return .refuse(.rejected(code: code))
            }
        case .resetBudgetLine:
            switch status {
            case 404: return .refuse(.gone)
            case 500...599: return .keep
            default: return .refuse(.rejected(code: code))   // 400: no template to reset from
            }
        case .postponeTransaction, .postponeBudgetLine:
            // Safe to resend after a failure: the sender reads the item before posting, and an
            // item no longer in its budget is done (§15.3).
            switch (status, code) {
            case (404, _): return .refuse(.gone)
            case (500, "ERR_BUDGET_UPDATE_FAILED"?): return .done   // moved; only the figures' recount failed
            case (500...599, _): return .keep
            default: return .refuse(.rejected(code: code))   // 409: checked, allocated, fixed, no next month…
            }
        case .generateBudgets:
            switch (status, code) {
            // A failure leaves nothing behind (the batch is deleted) and what exists is skipped:
            // resent — but an unknown template answers the same 500, so not forever.
            case (500...599, _): return repeatedFailures ? .refuse(.rejected(code: code)) : .keep
            default: return .refuse(.rejected(code: code))
            }
        case .createTag:
            // The client turns a 409 into the tag found by name; a 400 is a name the form let
            // through (trimmed 1…30 is checked before storing).
            switch (status, code) {
            case (409, _): return .done
            case (500...599, _): return .keep
            default: return .refuse(.rejected(code: code))
            }
        case .renameTag, .deleteTag:
            // The same request on every try; a rename to a name another tag has is 409 (the
            // server's words kept for the user), a tag deleted elsewhere is gone.
            switch (status, code) {
            case (404, _): return .refuse(.gone)
            case (500...599, _): return .keep
            default: return .refuse(.rejected(code: code))
            }
        case .createTemplate, .patchTemplate, .editTemplateLines, .updateSettings:
            // A create's replay and a batch's are read back before they are sent again (the
            // sender); the limit of 5, a line or template deleted elsewhere are the server's words.
            switch (status, code) {
            case (404, _): return .refuse(.gone)
            case (500...599, _): return .keep
            default: return .refuse(.rejected(code: code))
            }
        case let .spread(plan):
            switch (status, code) {
            // From an existing item the source goes in the same write: gone on a replay means done.
            case (404, _): return plan.source != nil && isReplay ? .done : .refuse(.gone)
            case (500...599, _): return .keep
            default: return .refuse(.rejected(code: code))   // 422: not a one-off, income, no budget…
            }
        case .savingsWithdrawal:
            switch (status, code) {
            // A replay of a pair whose repayment was deleted elsewhere meanwhile: the income is there.
            case (409, "ERR_SAVINGS_WITHDRAWAL_CONFLICT"?) where isReplay: return .done
            case (404, _): return .refuse(.gone)   // its month's budget is gone
            case (500...599, _): return .keep      // resent with the same key: the server answers the first pair
            default: return .refuse(.rejected(code: code))   // 422: no default template for next month
            }
        case .deleteSavingsWithdrawal, .deleteTemplate:
            switch (status, code) {
            case (404, _): return .done   // already gone
            case (500...599, _): return .keep
            default: return .refuse(.rejected(code: code))   // 400 ERR_TEMPLATE_IN_USE
            }
        case .createBudget:
            switch (status, code) {
            case (409, _): return .done   // the month is there (made by this send or another device)
            case (500...599, _): return .keep   // may exist: the engine lists the budgets before resending
            default: return .refuse(.rejected(code: code))
            }
        }
    }
}
