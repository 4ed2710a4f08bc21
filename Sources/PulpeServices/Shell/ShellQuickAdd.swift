import Foundation
import PulpeCore
import PulpeDomain

/// `pulpe add` without a terminal: the same parser, rules, budget resolution and outbox as the
/// form, then one bounded try to send. Returns what happened; the command prints it and exits.
public struct ShellQuickAdd: Sendable {
    public struct Request: Sendable {
        public var amount: String
        public var description: String
        public var kind: TransactionKind
        /// Nil: today.
        public var date: CalendarDay?
        public var checked: Bool
        /// The prévision to put it on, by name (or id, or a unique id prefix); nil: a free transaction.
        public var line: String?

        public init(amount: String, description: String, kind: TransactionKind, date: CalendarDay?, checked: Bool,
                    line: String? = nil) {
            self.line = line
            self.amount = amount
            self.description = description
            self.kind = kind
            self.date = date
            self.checked = checked
        }
    }

    public enum Outcome: Sendable, Hashable {
        /// On the server.
        case sent(PendingExpense)
        /// In the outbox, to be sent by the next `pulpe` of any kind.
        case queued(PendingExpense, because: Failure?)
        /// In the outbox, refused by the server with this reason (kept for the user to fix).
        case refused(PendingExpense, reason: String)
        /// Nothing stored: the input is not an expense.
        case invalid(ExpenseProblem)
        /// Nothing stored: nobody is signed in, or the data is locked (a PIN is needed).
        case notSignedIn
        case locked
        /// Nothing stored: the kept key was refused (the PIN was changed elsewhere).
        case keyChanged
        /// Nothing stored: no budget could be found for the date.
        case noBudget(BudgetMonth?, because: Failure?)
        /// Nothing stored: the outbox file cannot be written.
        case notStored
        /// Nothing stored: `--line` names no single prévision of the month (the ones that could be meant).
        case unknownLine([BudgetLine], ambiguous: Bool)
    }

    let services: ServiceSet
    let clock: WallClock
    /// How long the status check may take before the expense is stored and left to wait.
    static var checkTimeout: Duration { ShellGate.checkTimeout }

    public init(services: ServiceSet, clock: WallClock) {
        self.services = services
        self.clock = clock
    }

    /// Validates, resolves the budget, stores, then tries to send for at most `sendTimeout`.
    public func run(_ request: Request, sendTimeout: Duration) async -> Outcome {
        let amount: Decimal
        switch ExpenseRules.amount(request.amount) {
        case let .success(value): amount = value
        case let .failure(problem): return .invalid(problem)
        }
        let name: String
        switch ExpenseRules.name(request.description) {
        case let .success(value): name = value
        case let .failure(problem): return .invalid(problem)
        }
        // The gate of decision 35, as in the TUI (`ShellGate`): in maintenance (or with no answer)
        // the expense is stored from the cache's budget and waits; no request is sent.
        let gate: ShellGate
        switch await ShellGate.pass(services) {
        case let .success(passed): gate = passed
        case .failure(.notSignedIn): return .notSignedIn
        case .failure(.locked): return .locked
        case .failure(.keyChanged): return .keyChanged
        }
        let open = gate.isOpen
        let day = request.date ?? clock.today
        let resolution = open ? await resolveBudget(for: day) : await cachedBudget(for: day)
        let outbox = await services.outbox.snapshot()
        var budgetId = resolution.1?.id
        if budgetId == nil, let month = resolution.0, Self.isBeingCreated(month, in: outbox) {
            // The month's creation waits in the outbox: the expense goes on its provisional
            // budget and waits behind it, as from the TUI.
            budgetId = ProvisionalBudget.budgetId(month)
        }
        guard let month = resolution.0, let budgetId else { return .noBudget(resolution.0, because: resolution.2) }
        var budgetLineId: String?
        if let wanted = request.line {
            // The month's prévisions: the server's when the gate is open, else the cache's (an
            // outbox-created prévision is found too: what waits is applied over them).
            var content = await services.budgets.cachedMonth(month)?.value
            if open, case let .fetched(fetched) = await services.budgets.fetchMonth(month) { content = fetched.value }
            var serverDetails: BudgetDetails?
            if case let .budget(details)? = content { serverDetails = details }
            var overlay = PendingOverlay()
            overlay.update(month: month, details: serverDetails, outbox: outbox, recentlySent: [])
            guard let details = overlay.merged ?? serverDetails else { return .noBudget(month, because: open ? nil : .offline) }
            switch ShellTargets.budgetLine(wanted, in: details) {
            case let .found(line): budgetLineId = line.id
            case let .ambiguous(lines): return .unknownLine(lines, ambiguous: true)
            case let .unknown(lines): return .unknownLine(lines, ambiguous: false)
            }
        }
        let draft = ExpenseDraft(amount: amount, name: name, kind: request.kind, date: day, checked: request.checked,
                                 month: month, budgetId: budgetId, budgetLineId: budgetLineId)
        let stored: PendingExpense
        switch await services.outbox.store(draft) {
        case let .success(expense): stored = expense
        case .failure(.notSignedIn): return .notSignedIn
        case .failure(.diskUnavailable): return .notStored
        }
        guard open else { return .queued(stored, because: gate.closedReason) }
        let report = await withTimeout(sendTimeout) { await services.outbox.sync { _ in } }
        guard let report else { return .queued(stored, because: .timeout) }
        if report.sent.contains(stored.id) { return .sent(stored) }
        if report.refused.contains(stored.id),
           case let .refused(reason)? = await services.outbox.snapshot().items.first(where: { $0.id == stored.id })?.state {
            return .refused(stored, reason: reason)
        }
        return .queued(stored, because: report.stoppedBy)
    }

    /// The month's creation waits in the outbox (not refused).
    static func isBeingCreated(_ month: BudgetMonth, in outbox: OutboxSnapshot) -> Bool {
        outbox.changes.contains { change in
            guard !change.isRefused, case let .createBudget(wanted, _, _) = change.operation else { return false }
            return wanted == month
        }
    }

    /// The budget month of `day` and its budget from the cache alone (the gate is closed).
    private func cachedBudget(for day: CalendarDay) async -> (BudgetMonth?, BudgetSummary?, Failure?) {
        guard case let .cached(settings, _)? = await services.budgets.cachedSettings() else { return (nil, nil, .offline) }
        let month = PayDayCalendar.budgetMonth(for: day, payDay: settings.payDayOfMonth)
        let summaries = await services.budgets.cachedYear(month.year)?.value ?? []
        let (_, summary) = BudgetLookup.budget(for: day, payDay: settings.payDayOfMonth, in: summaries)
        return (month, summary, summary == nil ? .offline : nil)
    }

    /// The budget month of `day` and its budget: from the server when it answers, else the cache.
    private func resolveBudget(for day: CalendarDay) async -> (BudgetMonth?, BudgetSummary?, Failure?) {
        var failure: Failure?
        var payDay: Int??
        switch await services.budgets.loadSettings() {
        case let .loaded(settings, _), let .cached(settings, _): payDay = .some(settings.payDayOfMonth)
        case let .failed(error): failure = error
        }
        if payDay == nil, case let .cached(settings, _)? = await services.budgets.cachedSettings() {
            payDay = .some(settings.payDayOfMonth)
        }
        guard let payDay else { return (nil, nil, failure) }
        let month = PayDayCalendar.budgetMonth(for: day, payDay: payDay)
        var summaries: [BudgetSummary] = []
        switch await services.budgets.fetchYear(month.year) {
        case let .fetched(fetched): summaries = fetched.value
        case let .failed(error):
            failure = error
            summaries = await services.budgets.cachedYear(month.year)?.value ?? []
        }
        let (_, summary) = BudgetLookup.budget(for: day, payDay: payDay, in: summaries)
        return (month, summary, failure)
    }
}

/// Runs `work`, giving up (and cancelling it) after `timeout`; nil then.
func withTimeout<T: Sendable>(_ timeout: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await work() }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
