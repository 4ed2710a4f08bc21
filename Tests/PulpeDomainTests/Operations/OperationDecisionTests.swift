import Foundation
import PulpeDomain
import Testing

/// Every kind of operation × every kind of answer → what the outbox does (docs/contract.md §14.7).
struct OperationDecisionTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let create = WriteOperation.createTransaction(NewTransaction(id: "t1", budgetId: "b", name: "Café", amount: 4.5, kind: .expense))
    static let createLine = WriteOperation.createBudgetLine(NewBudgetLine(id: "l1", budgetId: "b", name: "Vacances", amount: 300,
                                                                     kind: .expense))
    static let patch = WriteOperation.patchTransaction(id: "t1", TransactionChanges(amount: 54))
    static let patchLine = WriteOperation.patchBudgetLine(id: "l1", BudgetLineChanges(amount: 350))
    static let delete = WriteOperation.deleteTransaction(id: "t1")
    static let deleteLine = WriteOperation.deleteBudgetLine(id: "l1")
    static let check = WriteOperation.setTransactionChecked(id: "t1", checked: true, at: now)
    static let checkLine = WriteOperation.setBudgetLineChecked(id: "l1", checked: true, withTransactions: true, at: now)
    static let reset = WriteOperation.resetBudgetLine(id: "l1")
    static let budget = WriteOperation.createBudget(month: BudgetMonth(year: 2026, month: 12), templateId: "tpl")
    static let all = [create, createLine, patch, patchLine, delete, deleteLine, check, checkLine, reset, budget]

    @Test(arguments: all)
    func aSuccessIsDoneAndNoAnswerIsKept(operation: WriteOperation) {
        for status in [200, 201, 204] {
            #expect(OperationDecision.decide(operation, .success(status: status), isReplay: false) == .done)
        }
        #expect(OperationDecision.decide(operation, .transport, isReplay: true) == .keep)
    }

    /// §14.7 rule 9: what every operation keeps for later, or waits for the user for.
    @Test(arguments: all)
    func whatHoldsForEveryOperation(operation: WriteOperation) {
        let keep: [(Int, String?)] = [(429, "ERR_RATE_LIMIT_EXCEEDED"), (503, "MAINTENANCE"), (409, "ERR_CONCURRENT_MODIFICATION"),
                                      (409, "ERR_SAVINGS_GOAL_WITHDRAWAL_CONFLICT"), (502, nil)]
        for (status, code) in keep {
            #expect(OperationDecision.decide(operation, .failure(status: status, code: code), isReplay: false) == .keep,
                    "\(status) \(code ?? "")")
        }
        #expect(OperationDecision.decide(operation, .failure(status: 401, code: "ERR_AUTH_TOKEN_INVALID"), isReplay: false)
                == .waitForUser(.signIn))
        for code in ["ERR_ENCRYPTION_KEY_CHECK_FAILED", "ERR_AUTH_CLIENT_KEY_MISSING", "ERR_AUTH_CLIENT_KEY_INVALID"] {
            #expect(OperationDecision.decide(operation, .failure(status: 400, code: code), isReplay: true) == .waitForUser(.pin),
                    "a changed key is never a refusal: \(code)")
        }
    }

    @Test(arguments: [create, createLine])
    func createsAreDoneOnceAndLookedUpBeforeARefusalOnReplay(operation: WriteOperation) {
        // A taken id is this account's earlier send — or another account's (decision 95): read it back.
        #expect(OperationDecision.decide(operation, .failure(status: 409, code: "ERR_TRANSACTION_ALREADY_EXISTS"), isReplay: true) == .lookUp)
        #expect(OperationDecision.decide(operation, .failure(status: 409, code: "ERR_BUDGET_LINE_ALREADY_EXISTS"), isReplay: false) == .lookUp)
        #expect(OperationDecision.decide(operation, .failure(status: 500, code: "ERR_TRANSACTION_CREATE_FAILED"), isReplay: false) == .keep,
                "the row may exist: resend with the same id")
        #expect(OperationDecision.decide(operation, .failure(status: 404, code: "ERR_BUDGET_LINE_NOT_FOUND"), isReplay: true) == .lookUp)
        #expect(OperationDecision.decide(operation, .failure(status: 400, code: "ERR_TRANSACTION_VALIDATION_FAILED"), isReplay: true) == .lookUp)
        #expect(OperationDecision.decide(operation, .failure(status: 404, code: "ERR_BUDGET_LINE_NOT_FOUND"), isReplay: false)
                == .refuse(.gone))
        #expect(OperationDecision.decide(operation, .failure(status: 400, code: "ERR_ZOD_VALIDATION_FAILED"), isReplay: false)
                == .refuse(.rejected(code: "ERR_ZOD_VALIDATION_FAILED")))
    }

    /// Rule 7: a create answered 5xx again and again asks for its budget; nothing else does.
    @Test func onlyACreateAnswered5xxAgainAndAgainAsksForItsBudget() {
        let failed = OperationAnswer.failure(status: 500, code: "ERR_TRANSACTION_CREATE_FAILED")
        for create in [Self.create, Self.createLine] {
            #expect(OperationDecision.decide(create, failed, isReplay: true, repeatedFailures: true) == .lookUpBudget)
            #expect(OperationDecision.decide(create, failed, isReplay: true, repeatedFailures: false) == .keep)
            #expect(OperationDecision.decide(create, .failure(status: 503, code: nil), isReplay: true, repeatedFailures: true) == .keep,
                    "maintenance or overload is never a deleted budget")
        }
        for other in [Self.patch, Self.patchLine] {
            #expect(OperationDecision.decide(other, .failure(status: 500, code: "ERR_INTERNAL_SERVER"), isReplay: true,
                                             repeatedFailures: true) == .keep)
        }
    }

    @Test(arguments: [patch, patchLine])
    func aPatchOfSomethingGoneIsRefusedNeverRecreated(operation: WriteOperation) {
        #expect(OperationDecision.decide(operation, .failure(status: 404, code: "ERR_TRANSACTION_NOT_FOUND"), isReplay: true) == .refuse(.gone))
        #expect(OperationDecision.decide(operation, .failure(status: 500, code: "ERR_TRANSACTION_UPDATE_FAILED"), isReplay: false) == .done,
                "written; only the recalculation failed")
        #expect(OperationDecision.decide(operation, .failure(status: 500, code: "ERR_BUDGET_LINE_UPDATE_FAILED"), isReplay: false) == .done)
        #expect(OperationDecision.decide(operation, .failure(status: 500, code: "ERR_INTERNAL_SERVER"), isReplay: false) == .keep)
        #expect(OperationDecision.decide(operation, .failure(status: 400, code: "ERR_ZOD_VALIDATION_FAILED"), isReplay: false)
                == .refuse(.rejected(code: "ERR_ZOD_VALIDATION_FAILED")))
    }

    @Test(arguments: [delete, deleteLine])
    func aDeleteIsDoneWhenTheItemIsGoneWhoeverDidIt(operation: WriteOperation) {
        #expect(OperationDecision.decide(operation, .failure(status: 404, code: "ERR_TRANSACTION_NOT_FOUND"), isReplay: false) == .done)
        #expect(OperationDecision.decide(operation, .failure(status: 500, code: "ERR_TRANSACTION_DELETE_FAILED"), isReplay: false) == .done)
        #expect(OperationDecision.decide(operation, .failure(status: 500, code: "ERR_BUDGET_LINE_DELETE_FAILED"), isReplay: false) == .done)
        #expect(OperationDecision.decide(operation, .failure(status: 500, code: "ERR_INTERNAL_SERVER"), isReplay: false) == .keep)
    }

    @Test(arguments: [check, checkLine])
    func aCheckOfSomethingGoneIsDropped(operation: WriteOperation) {
        #expect(OperationDecision.decide(operation, .failure(status: 404, code: "ERR_TRANSACTION_NOT_FOUND"), isReplay: false) == .done)
        #expect(OperationDecision.decide(operation, .failure(status: 422, code: "ERR_SAVINGS_GOAL_WITHDRAWAL_TRANSACTION_INVALID"),
                                         isReplay: false) == .refuse(.rejected(code: "ERR_SAVINGS_GOAL_WITHDRAWAL_TRANSACTION_INVALID")))
    }

    @Test func aResetWithoutATemplateIsRefusedAndAGoneLineToo() {
        #expect(OperationDecision.decide(Self.reset, .failure(status: 400, code: "ERR_BUDGET_LINE_VALIDATION_FAILED"), isReplay: false)
                == .refuse(.rejected(code: "ERR_BUDGET_LINE_VALIDATION_FAILED")))
        #expect(OperationDecision.decide(Self.reset, .failure(status: 404, code: "ERR_TEMPLATE_LINE_NOT_FOUND"), isReplay: false)
                == .refuse(.gone))
    }

    @Test func aMonthAlreadyThereIsDone() {
        #expect(OperationDecision.decide(Self.budget, .failure(status: 409, code: "ERR_BUDGET_ALREADY_EXISTS"), isReplay: false) == .done)
        #expect(OperationDecision.decide(Self.budget, .failure(status: 500, code: "ERR_BUDGET_CREATE_FAILED"), isReplay: false) == .keep)
        #expect(OperationDecision.decide(Self.budget, .failure(status: 404, code: "ERR_TEMPLATE_NOT_FOUND"), isReplay: false)
                == .refuse(.rejected(code: "ERR_TEMPLATE_NOT_FOUND")))
    }
}
