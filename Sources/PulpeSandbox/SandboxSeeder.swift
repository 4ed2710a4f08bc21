import Foundation
import PulpeCrypto
import PulpeDomain

/// Writes data straight into a running sandbox's store — for tests and tools that need budgets,
/// lines and transactions the API has no route to create (budget lines), or that must set up a
/// precise situation (the worked examples of `docs/contract.md` §10). Every write goes through the same
/// stores and ledger as the routes, so stored `endingBalance`s stay right.
public struct SandboxSeeder: Sendable {
    let services: SandboxServices

    /// An account created by the seeder.
    public struct User: Sendable, Hashable {
        public let id: String
        public let email: String
        /// The key requests must send as `X-Client-Key`.
        public let clientKey: String
    }

    /// Creates an account whose expected client key is `clientKey` (no PBKDF2: fast, for tests).
    /// The salt served by `/encryption/salt` is random and does not derive that key.
    public func createUser(email: String, password: String, clientKey: String, payDayOfMonth: Int? = nil,
                           currency: Currency = .chf) async throws -> User {
        guard let fingerprint = ClientKey.fingerprint(ofKeyHex: clientKey) else {
            throw SandboxStartError.invalidConfiguration("client key must be 64 hex characters, not all zeros")
        }
        return try await insertUser(email: email, password: password, salt: Secrets.randomHex(bytes: 16),
                                    iterations: DemoAccounts.kdfIterations, fingerprint: fingerprint,
                                    clientKey: clientKey.lowercased(), payDayOfMonth: payDayOfMonth, currency: currency)
    }

    /// Creates an account protected by `pin`, exactly as a real one: random salt, `iterations` PBKDF2
    /// rounds (one derivation, ~0.5–2 s), only the key's fingerprint stored.
    public func createUser(email: String, password: String, pin: String, iterations: Int = 600_000,
                           payDayOfMonth: Int? = nil, currency: Currency = .chf) async throws -> User {
        let salt = Secrets.randomHex(bytes: 16)
        let key = try ClientKey.derive(pin: pin, saltHex: salt, iterations: iterations)
        return try await insertUser(email: email, password: password, salt: salt, iterations: iterations,
                                    fingerprint: ClientKey.fingerprint(ofKeyHex: key) ?? "", clientKey: key,
                                    payDayOfMonth: payDayOfMonth, currency: currency)
    }

    /// Changes the PIN of the account `email`, as another device would (`POST /__sandbox/pin`): the
    /// key derived from `pin` with the account's salt is the one expected from now on, so every key a
    /// client kept reads zeros and is refused on writes. False when there is no such account.
    @discardableResult
    public func changePin(email: String, pin: String) async throws -> Bool {
        guard let user = try await services.read({ try UserStore.find(email: email, in: $0) }) else { return false }
        let key = try ClientKey.derive(pin: pin, saltHex: user.keySalt, iterations: user.kdfIterations)
        guard let fingerprint = ClientKey.fingerprint(ofKeyHex: key) else { return false }
        try await services.write { try UserStore.setKeyFingerprint(fingerprint, userId: user.id, in: $0) }
        return true
    }

    /// Fills an account with the demo household (the same data a demo session gets).
    public func seedDemoData(userId: String, today: CalendarDay? = nil) async throws {
        let data = services.demoData(userId: userId, today: today)
        let now = services.now
        try await services.write { db in try DemoSeed.insert(data.owned(by: userId), now: now, in: db) }
    }

    /// Creates a template with the given lines; returns its id.
    public func createTemplate(userId: String, name: String, isDefault: Bool = true,
                               lines: [(name: String, amount: Decimal, kind: TransactionKind)] = []) async throws -> String {
        let now = services.now
        let template = BudgetTemplate(id: UUIDText.random(), name: name, description: nil, isDefault: isDefault)
        let templateLines = lines.map {
            TemplateLine(id: UUIDText.random(), templateId: template.id, name: $0.name, amount: $0.amount, kind: $0.kind,
                         recurrence: .fixed)
        }
        try await services.write { db in
            try TemplateStore.insert(template, userId: userId, now: now, in: db)
            for (position, line) in templateLines.enumerated() { try TemplateStore.insert(line, position: position, in: db) }
        }
        return template.id
    }

    /// Creates an empty budget for a month; returns its id.
    public func createBudget(userId: String, month: Int, year: Int, templateId: String? = nil,
                             description: String = "") async throws -> String {
        let now = services.now
        let budget = Budget(id: UUIDText.random(), createdAt: now, updatedAt: now, userId: userId, templateId: templateId,
                            month: month, year: year, description: description, endingBalance: 0)
        try await services.write { db in try BudgetStore.insert(budget, in: db) }
        return budget.id
    }

    /// Adds a budget line; returns its id.
    public func addBudgetLine(budgetId: String, name: String, amount: Decimal, kind: TransactionKind,
                              recurrence: Recurrence = .fixed) async throws -> String {
        let now = services.now
        let line = BudgetLine(id: UUIDText.random(), budgetId: budgetId, name: name, amount: amount, kind: kind,
                              recurrence: recurrence, createdAt: now, updatedAt: now)
        try await services.write { db in
            try BudgetLineStore.insert(line, position: try BudgetLineStore.nextPosition(budgetId: budgetId, in: db), in: db)
            try BudgetLedger.refreshEndingBalance(budgetId: budgetId, now: now, in: db)
        }
        return line.id
    }

    /// Adds a transaction (allocated when `budgetLineId` is set); returns its id.
    public func addTransaction(budgetId: String, budgetLineId: String? = nil, name: String, amount: Decimal,
                               kind: TransactionKind, date: Date? = nil, checkedAt: Date? = nil) async throws -> String {
        let now = services.now
        let transaction = Transaction(id: UUIDText.random(), createdAt: now, updatedAt: now, budgetId: budgetId,
                                      budgetLineId: budgetLineId, amount: amount, name: name, kind: kind,
                                      transactionDate: date ?? now, checkedAt: checkedAt)
        try await services.write { db in
            _ = try TransactionStore.insertIfAbsent(transaction, in: db)
            try BudgetLedger.refreshEndingBalance(budgetId: budgetId, now: now, in: db)
        }
        return transaction.id
    }

    private func insertUser(email: String, password: String, salt: String, iterations: Int, fingerprint: String,
                            clientKey: String, payDayOfMonth: Int?, currency: Currency) async throws -> User {
        let user = SandboxUser(id: UUIDText.random(), email: email, passwordHash: try PasswordHasher.hash(password),
                               keySalt: salt, kdfIterations: iterations, keyFingerprint: fingerprint,
                               payDayOfMonth: payDayOfMonth, currency: currency, isDemo: false, createdAt: services.now)
        try await services.write { db in try UserStore.insert(user, in: db) }
        return User(id: user.id, email: email, clientKey: clientKey)
    }
}
