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
        // Decision 46: every write, not only a created expense. A v1 row is a created transaction and
        // reads unchanged (its `operation` is NULL); `sends` starts from what the row says was tried.
        migrator.registerMigration("v2 operations") { db in
            try db.alter(table: "outboxItem") { table in
                table.add(column: "operation", .text)
                table.add(column: "sends", .integer).notNull().defaults(to: 0)
            }
            try db.execute(sql: """
                UPDATE outboxItem SET sends = attempts + (CASE WHEN claimOwner IS NULL THEN 0 ELSE 1 END)
                """)
        }
        return migrator
    }()
}
