import Foundation
import PropertyBased
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeStore
import Testing
@testable import PulpeServices

/// The overlay tells the truth ahead of the server (decision 46, docs/operations.md « What is
/// shown »): for any sequence of writes stored in the outbox — checks and unchecks, amount edits,
/// deletes, new transactions free or on a prévision, prévisions created, adjusted, deleted, checked
/// (with their transactions or not) — interleaved with sends whose answer is lost (the oldest
/// waiting write reaches the server, its process dies holding it) and refreshes of the cached
/// month — `PendingOverlay` over the cached month and the outbox's snapshot shows the figures the
/// server computes once `sync` has sent them: « Disponible à dépenser », income, expenses,
/// savings, each prévision's consumption, what is checked off — and the same rows. The cached
/// month that `sync` leaves behind reads the same too.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct OverlayPropertyTests {
    typealias Rig = SyncEngineTests.Rig

    static let november = BudgetMonth(year: 2026, month: 11)
    static let day = CalendarDay(year: 2026, month: 11, day: 20)!
    /// Cases per run: each is a handful of writes, one sync and two reads against the in-process
    /// sandbox (~0.1 s each on a 2-core machine).
    static let cases = 60

    /// One write, drawn blind and pointed at an item of the month as shown when it is made.
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        /// Which item (modulo how many there are), and the flavour where there is one (kind, with
        /// its transactions or not).
        var pick: Int
        var cents: Int

        static let kinds = ["check", "uncheck", "edit amount", "delete", "new free", "new free", "new on prévision",
                            "prévision amount", "new prévision", "new prévision", "delete prévision", "check prévision",
                            "uncheck prévision", "answer lost", "answer lost", "refresh"]

        var description: String { "\(Self.kinds[kind])#\(pick)/\(cents)" }
    }

    static let steps = zip(Gen.int(in: 0...(Step.kinds.count - 1)), Gen.int(in: 0...999), Gen.int(in: 1...60_000))
        .array(of: 1...10)
        .map { triples in triples.map { Step(kind: $0.0, pick: $0.1, cents: $0.2) } }

    static func amount(_ cents: Int) -> Decimal { Decimal(sign: .plus, exponent: -2, significand: Decimal(cents)) }

    static let kinds: [TransactionKind] = [.expense, .expense, .income, .saving]

    /// The month as the panel shows it now: the cached details with what waits applied.
    static func shown(_ rig: Rig) async throws -> BudgetDetails {
        let cached = try #require(await rig.app.services.budgets.cachedMonth(november))
        guard case let .budget(details) = cached.value else { throw Stop.noBudget }
        var overlay = PendingOverlay()
        overlay.update(month: november, details: details, outbox: await rig.outbox.snapshot(), recentlySent: [])
        return overlay.merged ?? details
    }

    enum Stop: Error {
        case noBudget
        case notStored(String)
    }

    /// Stores `step` as the shell and the TUI would, against the month as shown; false when it
    /// has nothing to act on (no transaction, no prévision).
    @discardableResult
    static func store(_ step: Step, rig: Rig, shown: BudgetDetails, serial: Int) async throws -> Bool {
        let transactions = shown.transactions
        let lines = shown.budgetLines
        // Half the time one of the newest (those still waiting are shown first, new prévisions
        // last): writes on what waits are where folding and ordering can go wrong.
        let recent = step.pick < 500
        let transaction = transactions.isEmpty ? nil
            : transactions[recent ? step.pick % min(2, transactions.count) : step.pick % transactions.count]
        let line = lines.isEmpty ? nil
            : lines[recent ? lines.count - 1 - step.pick % min(2, lines.count) : step.pick % lines.count]
        let now = Date()
        func change(_ operation: WriteOperation, _ label: String, previous: Decimal? = nil) async throws {
            let draft = ChangeDraft(operation: operation, month: november, label: label, previousAmount: previous)
            if case let .failure(failure) = await rig.outbox.store(change: draft) { throw Stop.notStored("\(failure)") }
        }
        func expense(_ kind: TransactionKind, on lineId: String?) async throws {
            let draft = ExpenseDraft(amount: amount(step.cents), name: "Propriété \(serial)", kind: kind, date: day,
                                     checked: step.cents % 2 == 0, month: november, budgetId: rig.budget.id, budgetLineId: lineId)
            if case let .failure(failure) = await rig.outbox.store(draft) { throw Stop.notStored("\(failure)") }
        }
        switch Step.kinds[step.kind] {
        case "check", "uncheck":
            guard let transaction else { return false }
            try await change(.setTransactionChecked(id: transaction.id, checked: step.kind == 0, at: now), transaction.name)
        case "edit amount":
            guard let transaction else { return false }
            try await change(.patchTransaction(id: transaction.id, TransactionChanges(amount: amount(step.cents))), transaction.name,
                             previous: transaction.amount)
        case "delete":
            guard let transaction else { return false }
            try await change(.deleteTransaction(id: transaction.id), transaction.name)
        case "new free":
            try await expense(kinds[step.pick % kinds.count], on: nil)
        case "new on prévision":
            // As `pulpe add --line`: of the prévision's kind (the server refuses another).
            guard let line else { return false }
            try await expense(line.kind, on: line.id)
        case "prévision amount":
            guard let line else { return false }
            try await change(.patchBudgetLine(id: line.id, BudgetLineChanges(amount: amount(step.cents))), line.name,
                             previous: line.amount)
        case "new prévision":
            let new = NewBudgetLine(id: UUID().uuidString.lowercased(), budgetId: rig.budget.id, name: "Prévision \(serial)",
                                    amount: amount(step.cents), kind: kinds[step.pick % kinds.count])
            try await change(.createBudgetLine(new), new.name)
        case "delete prévision":
            guard let line else { return false }
            try await change(.deleteBudgetLine(id: line.id), line.name)
        case "answer lost":
            // The oldest waiting write reaches the server, and its process dies before recording it.
            let store = try #require(rig.app.outbox)
            let scope = try #require(await rig.app.network.sessions.sessionInfo.map {
                CacheScope(serverKey: rig.app.configuration.sessionKey, userId: $0.userId)
            })
            let dead = "\(ProcessInfo.processInfo.hostName)/999999/deadbeef"
            guard let item = try store.claimNext(scope: scope, owner: dead, at: now, claimTimeout: NetworkOutbox.claimTimeout,
                                                 isOwnerAlive: OutboxOwner.isAlive) else { return false }
            do {
                try await OperationSender(client: rig.app.network.client).send(item.operation)
            } catch {
                // A second lost answer on the same create: the server has it already (409), as
                // the outbox's own replay finds it.
                guard case .conflict = error.kind, item.operation.isCreate else { throw error }
            }
        case "refresh":
            guard case .fetched = await rig.app.services.budgets.fetchMonth(november) else { throw Stop.notStored("refresh") }
        default:
            guard let line else { return false }
            let checked = Step.kinds[step.kind] == "check prévision"
            try await change(.setBudgetLineChecked(id: line.id, checked: checked, withTransactions: checked && step.cents % 2 == 0,
                                                   at: now), line.name)
        }
        return true
    }

    /// What the month panel draws from `details`, in a form two copies compare by: the totals,
    /// each prévision's consumption and what is checked off (by id, whatever the rows' order),
    /// and the rows themselves.
    struct Figures: Equatable, CustomStringConvertible {
        var remaining, available, income, expenses, savings, rollover: Decimal
        var consumption: [String: LineConsumption]
        var realizedIncome, realizedExpenses: Decimal
        var drift: [String: Decimal]
        var transactions: [String: String]
        var lines: [String: String]

        init(_ details: BudgetDetails) {
            let totals = details.totals
            remaining = totals.remaining
            available = totals.available
            income = totals.totalIncome
            expenses = totals.totalExpenses
            savings = totals.totalSavings
            rollover = totals.rollover
            consumption = Dictionary(zip(details.budgetLines.map(\.id), details.lineConsumptions), uniquingKeysWith: { first, _ in first })
            let checked = details.checkedFigures
            realizedIncome = checked.realizedIncome
            realizedExpenses = checked.realizedExpenses
            drift = Dictionary(checked.drift.map { ($0.lineId, $0.overrun) }, uniquingKeysWith: { first, _ in first })
            transactions = Dictionary(details.transactions.map {
                ($0.id, "\($0.name) \($0.kind.rawValue) \($0.amount)\($0.isChecked ? " ✓" : "") on \($0.budgetLineId ?? "-")")
            }, uniquingKeysWith: { first, second in first + " AND " + second })
            lines = Dictionary(details.budgetLines.map {
                ($0.id, "\($0.name) \($0.kind.rawValue) \($0.amount)\($0.isChecked ? " ✓" : "")")
            }, uniquingKeysWith: { first, second in first + " AND " + second })
        }

        /// What differs from `other`, in words.
        func differences(from other: Figures) -> [String] {
            var found: [String] = []
            let pairs: [(String, Decimal, Decimal)] = [
                ("remaining", remaining, other.remaining), ("available", available, other.available),
                ("income", income, other.income), ("expenses", expenses, other.expenses), ("savings", savings, other.savings),
                ("rollover", rollover, other.rollover), ("realized income", realizedIncome, other.realizedIncome),
                ("realized expenses", realizedExpenses, other.realizedExpenses),
            ]
            for (name, mine, theirs) in pairs where mine != theirs { found.append("\(name) \(mine) vs \(theirs)") }
            for id in Set(consumption.keys).union(other.consumption.keys) where consumption[id] != other.consumption[id] {
                found.append("consumption of \(lines[id] ?? other.lines[id] ?? id): \(String(describing: consumption[id])) vs "
                             + String(describing: other.consumption[id]))
            }
            if drift != other.drift { found.append("drift \(drift) vs \(other.drift)") }
            for id in Set(transactions.keys).union(other.transactions.keys) where transactions[id] != other.transactions[id] {
                found.append("transaction \(id): \(transactions[id] ?? "absent") vs \(other.transactions[id] ?? "absent")")
            }
            for id in Set(lines.keys).union(other.lines.keys) where lines[id] != other.lines[id] {
                found.append("prévision \(id): \(lines[id] ?? "absent") vs \(other.lines[id] ?? "absent")")
            }
            return found.sorted()
        }

        var description: String { "remaining \(remaining), income \(income), expenses \(expenses), savings \(savings)" }
    }

    /// The overlay's figures now, then `sync`, then the server's: the same, and the same rows;
    /// the cache `sync` leaves too. Returns how many writes were sent.
    @discardableResult
    static func sendAndCompare(_ rig: Rig, after: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int {
        let overlay = Figures(try await shown(rig))
        let waiting = await rig.outbox.snapshot()
        let report = await rig.outbox.sync { _ in }
        let left = await rig.outbox.snapshot()
        #expect(report.refused.isEmpty && report.remaining == 0 && report.stoppedBy == nil,
                "every write is sent: \(report); left \(left.changes) \(left.items); before \(waiting.changes) \(waiting.items)",
                sourceLocation: sourceLocation)
        let server = Figures(try await rig.app.network.client.budgetDetails(id: rig.budget.id))
        let differences = overlay.differences(from: server)
        #expect(differences.isEmpty, "overlay vs server after \(after):\n\(differences.joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        // What `sync` wrote to the cache as each operation was done reads the same.
        let cached = try #require(await rig.app.services.budgets.cachedMonth(november), sourceLocation: sourceLocation)
        if case let .budget(details) = cached.value {
            let stale = Figures(details).differences(from: server)
            #expect(stale.isEmpty, "cache after the sync vs server after \(after):\n\(stale.joined(separator: "\n"))",
                    sourceLocation: sourceLocation)
        }
        return report.sent.count
    }

    /// Found by the widened fault-injection run: an expense whose send reached the server but whose
    /// answer was lost still waits (for the replay's 409) while a refresh brings the server's copy,
    /// which lists it — it was shown, and counted, twice (and `pulpe check NAME` answered
    /// « ambiguous » with the same id twice).
    @Test func anExpenseWhoseAnswerWasLostIsShownOnceAfterARefresh() async throws {
        let rig = try await Rig.start()
        _ = await rig.app.services.budgets.fetchMonth(Self.november)
        let before = try await Self.shown(rig)
        for (index, kind) in ["new free", "answer lost", "refresh"].enumerated() {
            let step = Step(kind: try #require(Step.kinds.firstIndex(of: kind)), pick: 0, cents: 4_250)
            #expect(try await Self.store(step, rig: rig, shown: try await Self.shown(rig), serial: 1000 + index))
        }
        let shown = try await Self.shown(rig)
        #expect(shown.transactions.filter { $0.name == "Propriété 1000" }.count == 1, "\(shown.transactions.map(\.name))")
        #expect(shown.totals.totalExpenses == before.totals.totalExpenses + Decimal(string: "42.50")!)
        try await Self.sendAndCompare(rig, after: "an answer lost, then a refresh")
        await rig.stop()
    }

    /// Found by the property: a prévision created and deleted before either left is dropped from
    /// the queue with its delete — and the expense queued on it in between was then sent onto a
    /// prévision that never existed (404 « Budget line not found », refused) and shown counted
    /// nowhere. The server keeps a deleted prévision's transactions, free: so does the queue.
    @Test func aPrevisionDeletedBeforeItLeftKeepsItsExpenseFree() async throws {
        let rig = try await Rig.start()
        _ = await rig.app.services.budgets.fetchMonth(Self.november)
        let before = try await Self.shown(rig)
        // « new prévision » appends it last; « new on prévision » and « delete prévision » with an
        // even pick below 500 take the last one.
        for (index, kind) in ["new prévision", "new on prévision", "delete prévision"].enumerated() {
            let step = Step(kind: try #require(Step.kinds.firstIndex(of: kind)), pick: 0, cents: 3_000)
            #expect(try await Self.store(step, rig: rig, shown: try await Self.shown(rig), serial: 2000 + index))
        }
        let shown = try await Self.shown(rig)
        let expense = try #require(shown.transactions.first { $0.name == "Propriété 2001" }, "\(shown.transactions.map(\.name))")
        #expect(expense.budgetLineId == nil, "free, as the server leaves it")
        #expect(!shown.budgetLines.contains { $0.name == "Prévision 2000" })
        #expect(shown.budgetLines.count == before.budgetLines.count)
        #expect(shown.totals.totalExpenses == before.totals.totalExpenses + 30, "counted as a free expense")
        try await Self.sendAndCompare(rig, after: "a prévision created, used and deleted before it left")
        await rig.stop()
    }

    /// Found by this property (600 cases): « check the prévision and its transactions », then an
    /// expense on that prévision — the server checks the transactions it has when the check
    /// arrives, before the expense, so the expense stays unchecked; the overlay checked it too.
    @Test func anExpenseQueuedAfterAPrevisionsCheckIsNotCheckedByIt() async throws {
        let rig = try await Rig.start()
        _ = await rig.app.services.budgets.fetchMonth(Self.november)
        let steps = [Step(kind: try #require(Step.kinds.firstIndex(of: "check prévision")), pick: 0, cents: 4),
                     Step(kind: try #require(Step.kinds.firstIndex(of: "new on prévision")), pick: 0, cents: 1)]
        for (index, step) in steps.enumerated() {
            #expect(try await Self.store(step, rig: rig, shown: try await Self.shown(rig), serial: 3_000 + index), "\(step)")
        }
        try await Self.sendAndCompare(rig, after: "\(steps)")
        await rig.stop()
    }

    /// Without shrinking: the library runs a case silently first and records only « Failure occured
    /// with input … » when a quieter re-run passes — and this property's rare failures have been
    /// timing (they passed again with their seeds). Unshrunk, the first failing case's own
    /// expectations are recorded, with what the sync and the server said.
    @Test(.shrinking(false)) func theOverlayShowsTheFiguresTheServerComputesOnceSent() async throws {
        let rig = try await Rig.start()
        let serial = Counter()
        let sent = Counter()
        let started = Date()
        await propertyCheck(count: Self.cases, input: Self.steps) { steps in
            // The cache holds the server's month, as after a refresh.
            // (A fetch can fail on a loaded 2-core machine — CI saw three in a row while the unit
            // suites ran beside it: what is checked is the overlay, so the refresh is tried up to
            // eight times before the case is called failed, with what each said.)
            var refreshed = false
            var failures: [String] = []
            for _ in 0..<8 where !refreshed {
                let outcome = await rig.app.services.budgets.fetchMonth(Self.november)
                if case .fetched = outcome { refreshed = true } else { failures.append("\(outcome)") }
            }
            guard refreshed else {
                Issue.record("the month could not be fetched: \(failures)")
                return
            }
            // The library runs the body under `try?`: an error thrown here would pass the case
            // without comparing anything (a failed store, send or read), so it is recorded.
            var stored: [Step] = []
            do {
                for step in steps {
                    let shown = try await Self.shown(rig)
                    if try await Self.store(step, rig: rig, shown: shown, serial: serial.next()) { stored.append(step) }
                }
                sent.add(try await Self.sendAndCompare(rig, after: "\(stored)"))
            } catch {
                Issue.record("the case stopped on \(error) after \(stored) (drawn: \(steps))")
            }
        }
        print("overlay property: \(Self.cases) cases, \(serial.value) writes drawn, \(sent.value) sent, "
              + "\(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        await rig.stop()
    }

    /// A count the property's body bumps (it runs one case at a time).
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        var value: Int { lock.withLock { count } }

        func next() -> Int {
            lock.withLock {
                count += 1
                return count
            }
        }

        func add(_ amount: Int) { lock.withLock { count += amount } }
    }
}
