import Foundation
import PulpeDomain

/// `TransactionChanges` (the one patch type, stored in the outbox as it is) as the body of
/// `PATCH /transactions/:id`: only the members that change, the date as the API writes dates.
/// Strict like the create body: it writes exactly the keys the endpoint accepts — never
/// `budgetLineId` or `checkedAt`, which the backend refuses with 400 (docs/contract.md §14.1: a
/// transaction changes envelope by delete and create, and is checked by toggle-check).
struct TransactionPatchBody: Encodable {
    let changes: TransactionChanges

    enum CodingKeys: String, CodingKey {
        case name, amount, kind, transactionDate, tagIds
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(changes.name, forKey: .name)
        try c.encodeIfPresent(changes.amount, forKey: .amount)
        try c.encodeIfPresent(changes.kind, forKey: .kind)
        if let date = changes.transactionDate { try c.encode(PulpeDate.format(date), forKey: .transactionDate) }
        try c.encodeIfPresent(changes.tagIds, forKey: .tagIds)
    }
}
