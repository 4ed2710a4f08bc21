import Foundation
import PulpeDomain
import Testing

/// One row of `GET /__sandbox/transactions?email=…`.
struct HeldTransaction: Sendable, Hashable {
    let id: String
    let budgetId: String
    let name: String
    let amount: Decimal
    let kind: String
    let transactionDate: String
    /// `nil` for JSON `null`.
    let checkedAt: String?
}

extension HTTPClient {
    /// What the server holds for `email`, read through the admin route (no token, no client key).
    func heldTransactions(email: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [HeldTransaction] {
        let query = email.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? email
        let result = try await get("/__sandbox/transactions?email=\(query)")
        try #require(result.status == 200, "admin listing: \(result.status) \(result.text)", sourceLocation: sourceLocation)
        let rows = try #require((try? JSONDecoder().decode(JSONValue.self, from: result.body))?.arrayValue,
                                "not an array: \(result.text)", sourceLocation: sourceLocation)
        return try rows.map { row in
            try #require(row.objectValue?.keys.sorted()
                == ["amount", "budgetId", "checkedAt", "id", "kind", "name", "tagIds", "transactionDate"], "\(row)",
                sourceLocation: sourceLocation)
            return HeldTransaction(id: row["id"]?.stringValue ?? "", budgetId: row["budgetId"]?.stringValue ?? "",
                                   name: row["name"]?.stringValue ?? "", amount: try #require(row["amount"]?.numberValue),
                                   kind: row["kind"]?.stringValue ?? "",
                                   transactionDate: row["transactionDate"]?.stringValue ?? "",
                                   checkedAt: row["checkedAt"]?.stringValue)
        }
    }
}
