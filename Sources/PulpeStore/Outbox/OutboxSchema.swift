import GRDB

/// The outbox's table, created and evolved by a migrator so a newer pulpe reads an older file.
/// Amounts are exact decimal text and dates the `Date`'s own `Double`, as in the cache (decision 24).
/// `package` so the fuzz harness builds the real table to read damaged rows from.
package enum OutboxSchema {
    package static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 outboxItem") { db in
            try db.create(table: "outboxItem") { table in
                table.autoIncrementedPrimaryKey("sequence")
                table.column("id", .text).notNull().unique()
                table.column("serverKey", .text).notNull()
                table.column("userId", .text).notNull()
                table.column("year", .integer).notNull()
                table.column("month", .integer).notNull()
                table.column("budgetId", .text).notNull()
                table.column("budgetLineId", .text)
                table.column("name", .text).notNull()
                table.column("amount", .text).notNull()
                table.column("kind", .text).notNull()
                table.column("transactionDate", .double)
                table.column("checkedAt", .double)
                table.column("refusal", .text)
                table.column("attempts", .integer).notNull().defaults(to: 0)
                table.column("notBefore", .double)
                table.column("claimOwner", .text)
                table.column("claimedAt", .double)
                table.column("enqueuedAt", .double).notNull()
            }
            try db.create(index: "outboxItemByScope", on: "outboxItem", columns: ["serverKey", "userId", "sequence"])
        }
        return migrator
    }()
}
