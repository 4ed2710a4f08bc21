import Foundation
import Hummingbird
import PulpeDomain

/// `GET /__sandbox/transactions?email=demo@pulpe.local`: what the server holds for one user, read
/// without a client (no token, no client key), so a fault-injection test can check that every
/// expense its client queued exists exactly once.
///
/// `GET /__sandbox/tags?email=…` likewise lists the user's tags (`[{"id","name",…}]`).
///
/// Answer: `[{"id","budgetId","name","amount","kind","transactionDate","checkedAt","tagIds"}]`, oldest
/// first; `amount` is an exact JSON number, `checkedAt` a timestamp or `null`. Loopback only like
/// every admin route; 400 without `email`, 404 `HTTP_404` for an unknown email.
struct AdminTransactionRoutes {
    let services: SandboxServices

    /// One row of the listing: the members a test compares, not the whole `Transaction`.
    struct Entry: Encodable, Sendable {
        let transaction: Transaction

        enum CodingKeys: String, CodingKey {
            case id, budgetId, name, amount, kind, transactionDate, checkedAt, tagIds
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(transaction.id, forKey: .id)
            try container.encode(transaction.budgetId, forKey: .budgetId)
            try container.encode(transaction.name, forKey: .name)
            try container.encode(transaction.amount, forKey: .amount)
            try container.encode(transaction.kind, forKey: .kind)
            try container.encode(PulpeDate.format(transaction.transactionDate), forKey: .transactionDate)
            if let checkedAt = transaction.checkedAt {
                try container.encode(PulpeDate.format(checkedAt), forKey: .checkedAt)
            } else {
                try container.encodeNil(forKey: .checkedAt)
            }
            try container.encode(transaction.tagIds, forKey: .tagIds)
        }
    }

    func register(on router: Router<SandboxContext>) {
        router.get("/__sandbox/transactions") { request, context in
            try AdminRoutes.requireLoopback(context)
            guard let email = request.uri.queryParameters.get("email"), !email.isEmpty else {
                throw APIError.framework(status: 400, reason: "Bad Request", "Query parameter `email` is required")
            }
            let transactions = try await services.read { db -> [Transaction]? in
                guard let user = try UserStore.find(email: email, in: db) else { return nil }
                return try TransactionStore.transactions(userId: user.id, in: db)
            }
            guard let transactions else {
                throw APIError.framework(status: 404, reason: "Not Found", "No user with email '\(email)'")
            }
            return JSONResponse.encoded(transactions.map(Entry.init))
        }
        router.get("/__sandbox/tags") { request, context in
            try AdminRoutes.requireLoopback(context)
            guard let email = request.uri.queryParameters.get("email"), !email.isEmpty else {
                throw APIError.framework(status: 400, reason: "Bad Request", "Query parameter `email` is required")
            }
            let tags = try await services.read { db -> [Tag]? in
                guard let user = try UserStore.find(email: email, in: db) else { return nil }
                return try TagStore.tags(userId: user.id, in: db)
            }
            guard let tags else { throw APIError.framework(status: 404, reason: "Not Found", "No user with email '\(email)'") }
            return JSONResponse.encoded(tags)
        }
    }
}
