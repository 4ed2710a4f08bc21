import GRDB

/// The sandbox schema, one `DatabaseMigrator` step per change so existing data directories upgrade
/// in place (never edit a shipped migration: add a new one).
///
/// Conventions: ids are lowercase UUID text; amounts are exact decimal TEXT (never REAL);
/// timestamps are `PulpeDate.format` TEXT (UTC, microseconds), which sorts chronologically;
/// token expiries are Unix seconds.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-initial") { db in
            try db.execute(sql: """
                CREATE TABLE users (
                    id TEXT PRIMARY KEY,
                    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    passwordHash TEXT NOT NULL,
                    keySalt TEXT NOT NULL,
                    kdfIterations INTEGER NOT NULL,
                    keyFingerprint TEXT NOT NULL,
                    payDayOfMonth INTEGER,
                    currency TEXT NOT NULL,
                    isDemo INTEGER NOT NULL DEFAULT 0,
                    createdAt TEXT NOT NULL
                );
                CREATE TABLE access_tokens (
                    token TEXT PRIMARY KEY,
                    userId TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    expiresAt INTEGER NOT NULL
                );
                CREATE INDEX access_tokens_user ON access_tokens(userId);
                CREATE TABLE refresh_tokens (
                    token TEXT PRIMARY KEY,
                    userId TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    issuedAt INTEGER NOT NULL,
                    usedAt INTEGER
                );
                CREATE INDEX refresh_tokens_user ON refresh_tokens(userId);
                CREATE TABLE budget_templates (
                    id TEXT PRIMARY KEY,
                    userId TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    description TEXT,
                    isDefault INTEGER NOT NULL DEFAULT 0,
                    createdAt TEXT NOT NULL,
                    updatedAt TEXT NOT NULL
                );
                CREATE INDEX budget_templates_user ON budget_templates(userId);
                CREATE TABLE template_lines (
                    id TEXT PRIMARY KEY,
                    templateId TEXT NOT NULL REFERENCES budget_templates(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    amount TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    recurrence TEXT NOT NULL,
                    position INTEGER NOT NULL
                );
                CREATE INDEX template_lines_template ON template_lines(templateId);
                CREATE TABLE budgets (
                    id TEXT PRIMARY KEY,
                    userId TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    templateId TEXT REFERENCES budget_templates(id) ON DELETE SET NULL,
                    month INTEGER NOT NULL,
                    year INTEGER NOT NULL,
                    description TEXT NOT NULL DEFAULT '',
                    endingBalance TEXT NOT NULL DEFAULT '0',
                    createdAt TEXT NOT NULL,
                    updatedAt TEXT NOT NULL,
                    UNIQUE (userId, year, month)
                );
                CREATE TABLE budget_lines (
                    id TEXT PRIMARY KEY,
                    budgetId TEXT NOT NULL REFERENCES budgets(id) ON DELETE CASCADE,
                    templateLineId TEXT,
                    savingsGoalId TEXT,
                    name TEXT NOT NULL,
                    amount TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    recurrence TEXT NOT NULL,
                    isManuallyAdjusted INTEGER NOT NULL DEFAULT 0,
                    checkedAt TEXT,
                    tagIds TEXT NOT NULL DEFAULT '[]',
                    position INTEGER NOT NULL,
                    createdAt TEXT NOT NULL,
                    updatedAt TEXT NOT NULL
                );
                CREATE INDEX budget_lines_budget ON budget_lines(budgetId);
                CREATE TABLE transactions (
                    id TEXT PRIMARY KEY,
                    budgetId TEXT NOT NULL REFERENCES budgets(id) ON DELETE CASCADE,
                    budgetLineId TEXT REFERENCES budget_lines(id) ON DELETE SET NULL,
                    amount TEXT NOT NULL,
                    name TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    transactionDate TEXT NOT NULL,
                    checkedAt TEXT,
                    tagIds TEXT NOT NULL DEFAULT '[]',
                    createdAt TEXT NOT NULL,
                    updatedAt TEXT NOT NULL
                );
                CREATE INDEX transactions_budget ON transactions(budgetId, transactionDate);
                CREATE INDEX transactions_line ON transactions(budgetLineId);
                """)
        }
        // Tags (§15.2): one catalogue per user; items keep their `tagIds` as before.
        migrator.registerMigration("v2-tags") { db in
            try db.execute(sql: """
                CREATE TABLE tags (
                    id TEXT PRIMARY KEY,
                    userId TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    nameKey TEXT NOT NULL,
                    createdAt TEXT NOT NULL,
                    updatedAt TEXT NOT NULL,
                    UNIQUE (userId, nameKey)
                );
                """)
        }
        // Savings goals (§15.5): what a saving prévision may be linked to.
        migrator.registerMigration("v3-savings-goals") { db in
            try db.execute(sql: """
                CREATE TABLE savings_goals (
                    id TEXT PRIMARY KEY,
                    userId TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    targetAmount TEXT,
                    targetDate TEXT,
                    status TEXT NOT NULL,
                    createdAt TEXT NOT NULL,
                    updatedAt TEXT NOT NULL
                );
                """)
        }
        // The currency selector (§16.6): shown or not, the user's choice.
        migrator.registerMigration("v4-currency-selector") { db in
            try db.execute(sql: "ALTER TABLE users ADD COLUMN showCurrencySelector INTEGER NOT NULL DEFAULT 0")
        }
        // Spreads (§16.3): the group a line is one month of.
        migrator.registerMigration("v5-spreads") { db in
            try db.execute(sql: "ALTER TABLE budget_lines ADD COLUMN spreadGroupId TEXT")
            try db.execute(sql: "CREATE INDEX budget_lines_spread ON budget_lines(spreadGroupId)")
        }
        // « Piocher dans son épargne » (§16.4): the pair a line belongs to.
        migrator.registerMigration("v6-savings-withdrawals") { db in
            try db.execute(sql: "ALTER TABLE budget_lines ADD COLUMN savingsWithdrawalGroupId TEXT")
        }
        return migrator
    }
}
