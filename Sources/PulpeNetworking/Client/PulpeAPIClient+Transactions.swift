import Foundation
import PulpeDomain

extension PulpeAPIClient {
    /// `GET /api/v1/transactions/budget/:budgetId`.
    public func transactions(budgetId: String) async throws(PulpeError) -> [Transaction] {
        try await perform(APIRequest(.get, .api("transactions/budget/\(APIRequest.segment(budgetId))"),
                                     access: .bearerAndClientKey))
            .enveloped([Transaction].self)
    }

    /// `GET /api/v1/transactions/:id`.
    public func transaction(id: String) async throws(PulpeError) -> Transaction {
        try await perform(APIRequest(.get, .api("transactions/\(APIRequest.segment(id))"), access: .bearerAndClientKey))
            .enveloped(Transaction.self)
    }

    /// `POST /api/v1/transactions`. With a client `id` the call is idempotent: transient failures
    /// are retried with the same body, and a 409 `ERR_TRANSACTION_ALREADY_EXISTS` means an earlier
    /// attempt created it (`.alreadyExisted`). Without an id it is sent once.
    public func createTransaction(_ transaction: NewTransaction) async throws(PulpeError) -> TransactionCreation {
        let body = try APIRequest.jsonBody(transaction)
        let request = APIRequest(.post, .api("transactions"), access: .bearerAndClientKey, body: body,
                                 isIdempotent: transaction.id != nil)
        do throws(PulpeError) {
            return .created(try await perform(request).enveloped(Transaction.self))
        } catch where error.kind == .conflict(.transactionAlreadyExists) {
            guard let id = transaction.id else { throw error }
            return .alreadyExisted(id: id)
        }
    }

    /// `PATCH /api/v1/transactions/:id` with only the changed members.
    public func updateTransaction(id: String, _ changes: TransactionChanges) async throws(PulpeError) -> Transaction {
        let body = try APIRequest.jsonBody(TransactionPatchBody(changes: changes))
        return try await perform(APIRequest(.patch, .api("transactions/\(APIRequest.segment(id))"),
                                            access: .bearerAndClientKey, body: body))
            .enveloped(Transaction.self)
    }

    /// `DELETE /api/v1/transactions/:id`. Any 2xx is success: the body (`{"success":true,"message":…}`)
    /// carries nothing the client needs, so its shape is not held against the answer.
    public func deleteTransaction(id: String) async throws(PulpeError) {
        _ = try await perform(APIRequest(.delete, .api("transactions/\(APIRequest.segment(id))"),
                                         access: .bearerAndClientKey))
    }

    /// `POST /api/v1/transactions/:id/toggle-check` → 201, `checkedAt` flipped. Never retried:
    /// a toggle applied twice is a toggle undone.
    public func toggleCheck(transactionId: String) async throws(PulpeError) -> Transaction {
        try await perform(APIRequest(.post, .api("transactions/\(APIRequest.segment(transactionId))/toggle-check"),
                                     access: .bearerAndClientKey))
            .enveloped(Transaction.self)
    }

    /// `POST /api/v1/transactions/:id/postpone` → 201, moved to next month's budget (§15.3).
    /// Never retried here: a replay moves it again (the outbox reads it before each send).
    public func postponeTransaction(id: String) async throws(PulpeError) {
        _ = try await perform(APIRequest(.post, .api("transactions/\(APIRequest.segment(id))/postpone"),
                                         access: .bearerAndClientKey))
    }

    /// `GET /api/v1/transactions/search?q=&years=&tagIds=` (§14.5, §15.2): years and tags as
    /// repeated keys; `q` left out when empty (allowed once a tag is given).
    public func searchTransactions(_ query: String, years: [Int] = [], tagIds: [String] = []) async throws(PulpeError) -> [SearchHit] {
        let items = (query.isEmpty ? [] : [URLQueryItem(name: "q", value: query)]) + years.map { URLQueryItem(name: "years", value: String($0)) }
            + tagIds.map { URLQueryItem(name: "tagIds", value: $0) }
        return try await perform(APIRequest(.get, .api("transactions/search"), access: .bearerAndClientKey, query: items))
            .enveloped([SearchHit].self)
    }
}
