import Foundation
import PulpeDomain

/// `pulpe add` as a headless flow: the quick-add form's rules (`QuickAddForm.validated`, the same
/// draft as the TUI's Entrée), the gate of decision 35 (`ShellAccess`, the closed gate applied by
/// `HeadlessFlow`), and the outbox's commands and events, then one bounded wait for the send. The
/// driver runs it (`HeadlessDriver`, PulpeApp); the command prints its outcome.
///
/// One step at a time: the status check (3 s of its own), the session, the outbox, the settings,
/// the year's budgets, the month's prévisions when `--line` names one, the store, the send.
public struct QuickAddFlow: HeadlessFlow {
    public struct Request: Sendable, Hashable {
        public var amount: String
        public var description: String
        /// Nil: the prévision's kind with `line` (the server refuses another), else an expense.
        public var kind: TransactionKind?
        /// Nil: today.
        public var date: CalendarDay?
        public var checked: Bool
        /// The prévision to put it on, by name (or id, or a unique id prefix); nil: a free transaction.
        public var line: String?
        /// Tags by name (`--tag`, repeatable): one the account does not have is created first.
        public var tags: [String]

        public init(amount: String, description: String, kind: TransactionKind?, date: CalendarDay?, checked: Bool,
                    line: String? = nil, tags: [String] = []) {
            self.tags = tags
            self.amount = amount
            self.description = description
            self.kind = kind
            self.date = date
            self.checked = checked
            self.line = line
        }
    }

    public enum Outcome: Sendable, Hashable {
        /// On the server.
        case sent(PendingExpense)
        /// In the outbox, to be sent by the next `pulpe` of any kind.
        case queued(PendingExpense, because: Failure?)
        /// In the outbox, refused by the server with this reason (kept for the user to fix).
        case refused(PendingExpense, reason: RefusalReason)
        /// Nothing stored: the input is not an expense.
        case invalid(ExpenseProblem)
        /// Nothing stored: nobody is signed in, the data is locked (a PIN is needed), or the kept
        /// key was refused.
        case stopped(ShellAccess.Stop)
        /// Nothing stored: no budget could be found for the date.
        case noBudget(BudgetMonth?, because: Failure?)
        /// Nothing stored: the outbox file cannot be written.
        case notStored
        /// Nothing stored: `--line` names no single prévision of the month (the ones that could be meant).
        case unknownLine([BudgetLine], ambiguous: Bool)
        /// Nothing stored: `--kind` says another kind than the prévision's (the server would refuse
        /// it: « Transaction kind does not match budget line kind »).
        case lineKindMismatch(BudgetLine, asked: TransactionKind)
        /// Nothing stored: a tag name is blank or over 30 characters, or more than 10 tags.
        case invalidTags(TagProblem)
    }

    /// Which tag rule `--tag` broke, and the name that broke it (nil: too many).
    public struct TagProblem: Sendable, Hashable {
        public var problem: TagRules.Problem
        public var name: String?
    }

    /// The server's tag rules, checked before anything is stored.
    static func tagProblem(_ names: [String]) -> TagProblem? {
        for name in names {
            if case let .failure(problem) = TagRules.name(name) { return TagProblem(problem: problem, name: name) }
        }
        let distinct = Set(names.map(TagRules.key))
        return distinct.count > TagRules.maxPerItem ? TagProblem(problem: .tooMany, name: nil) : nil
    }

    private enum Step: Hashable, Sendable {
        case passingGate, readingOutbox, readingSettings, readingYear, readingMonth, readingTags, storing, sending
    }

    public private(set) var outcome: Outcome?
    public var allowsRequests: Bool { gate.isOpen }

    private let request: Request
    /// The expense's id, drawn by the caller (the core stays free of randomness).
    private let clientId: String
    private let timeZone: LocalZone
    private let sendTimeout: Duration
    private var form: QuickAddForm
    private var step = Step.passingGate
    private var gate = ShellGateSteps()
    private var timers = TimerTable()
    private var outbox = OutboxSnapshot()
    private var payDay: Int??
    private var month: BudgetMonth?
    private var summaries: [BudgetSummary]?
    private var lastFailure: Failure?
    private var content: MonthContent?
    private var draft: ExpenseDraft?
    private var stored: PendingExpense?
    private var sent = false
    private var refusal: RefusalReason?
    private var catalogue: [Tag] = []

    /// `today`: the local day an undated expense is for; `sendTimeout`: how long to try sending
    /// once it is stored (`--wait`); `clientId`: the id it is stored and sent under.
    public init(_ request: Request, today: CalendarDay, sendTimeout: Duration, clientId: String, timeZone: LocalZone) {
        self.request = request
        self.clientId = clientId
        self.timeZone = timeZone
        self.sendTimeout = sendTimeout
        form = QuickAddForm(date: request.date ?? today, recentNames: RecentNames(newestFirst: []))
        form.amount.text = request.amount
        form.description.text = request.description
        form.kind = request.kind ?? .expense
        form.checked = request.checked
    }

    public mutating func start() -> [Effect] {
        // Bad input never touches the outbox or the network: the form's own rules, field by field.
        switch form.validated(payDay: nil, years: [:]) {
        case let .failure(.amount(problem)): return finish(.invalid(.amount(problem)))
        case .failure(.descriptionMissing): return finish(.invalid(.nameMissing))
        case .failure(.descriptionTooLong): return finish(.invalid(.nameTooLong))
        case .failure(.descriptionHasControl): return finish(.invalid(.nameHasControl))
        default: break
        }
        if let problem = Self.tagProblem(request.tags) { return finish(.invalidTags(problem)) }
        return gate.start()
    }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        switch gate.handle(msg) {
        case let .waiting(effects)?: return effects
        case let .stopped(stop)?: return finish(.stopped(stop))
        case .passed?:
            step = .readingOutbox
            return [.outbox(.loadOutbox)]
        case nil: break
        }
        switch msg {
        case let .timerFired(token, _):
            guard timers.consume(token), token.id == .sendDeadline, let stored else { return [] }
            return finish(.queued(stored, because: .timeout))
        case let .outbox(event):
            return outboxEvent(event)
        case let .budgets(.settingsLoaded(outcome, _)) where step == .readingSettings:
            switch outcome {
            case let .loaded(settings, _), let .cached(settings, _): payDay = .some(settings.payDayOfMonth)
            case let .failed(failure): lastFailure = failure
            }
            return []
        case let .budgets(.yearLoaded(_, outcome, _)) where step == .readingYear:
            switch outcome {
            case let .fetched(fetched): summaries = fetched.value
            case let .failed(failure): lastFailure = failure
            }
            return []
        case let .budgets(.tagsLoaded(tags, _)) where step == .readingTags:
            catalogue = tags ?? []
            return []
        case let .budgets(.monthLoaded(_, outcome, _)) where step == .readingMonth:
            if case let .fetched(fetched) = outcome { content = fetched.value }
            return []
        default:
            return []
        }
    }

    public mutating func finished(_ effect: Effect) -> [Effect] {
        switch (step, effect) {
        case (.readingOutbox, .outbox(.loadOutbox)):
            step = .readingSettings
            return [.budgets(.loadSettings)]
        case (.readingSettings, .budgets(.loadSettings)), (.readingSettings, .budgets(.loadCached(.settings))):
            guard let payDay else { return finish(.noBudget(nil, because: lastFailure)) }
            step = .readingYear
            lastFailure = nil
            return [.budgets(.loadYear(form.budgetMonth(payDay: payDay).year))]
        case (.readingYear, .budgets(.loadYear)), (.readingYear, .budgets(.loadCached(.year))):
            return budgetResolved()
        case (.readingMonth, .budgets(.loadMonth)), (.readingMonth, .budgets(.loadCached(.month))):
            return lineResolved()
        case (.readingTags, .budgets(.loadTags)):
            return tagsResolved()
        case let (.sending, .outbox(.storeChange(change, _))) where change.operation.target == .transaction(clientId):
            // The sync is over: what happened to this expense in it.
            guard let stored else { return [] }
            if sent { return finish(.sent(stored)) }
            if let refusal { return finish(.refused(stored, reason: refusal)) }
            return finish(.queued(stored, because: lastFailure))
        default:
            return []
        }
    }

    private mutating func outboxEvent(_ event: OutboxEvent) -> [Effect] {
        switch event {
        case let .outboxChanged(snapshot) where step == .readingOutbox:
            outbox = snapshot
        case let .changeStored(id) where step == .storing && id == clientId:
            guard let draft else { return [] }
            let expense = PendingExpense(id: clientId, draft: draft, state: .pending)
            stored = expense
            guard allowsRequests else { return finish(.queued(expense, because: gate.closedReason)) }
            step = .sending
            return [.schedule(timers.arm(.sendDeadline), after: sendTimeout)]
        case let .changeNotStored(failure) where step == .storing:
            return finish(failure == .notSignedIn ? .stopped(.notSignedIn) : .notStored)
        case let .expenseSent(id) where id == stored?.id:
            sent = true
        case let .expenseRefused(expense) where expense.id == stored?.id:
            if case let .refused(reason) = expense.state { refusal = reason }
        case let .syncFinished(_, _, stoppedBy) where step == .sending:
            lastFailure = stoppedBy
        default:
            break
        }
        return []
    }

    /// The year's budgets are known (the server's, else the cache's): the draft, as the form makes it.
    private mutating func budgetResolved() -> [Effect] {
        guard let payDay else { return [] }
        var years: [Int: Loadable<Fetched<[BudgetSummary]>>] = [:]
        let year = form.budgetMonth(payDay: payDay).year
        if let summaries { years[year] = .loaded(Fetched(summaries, fetchedAt: .distantPast, fromCache: !allowsRequests)) }
        switch form.validated(payDay: payDay, years: years, creating: outbox.monthsBeingCreated) {
        case let .success(made):
            draft = made
        case let .failure(.noBudget(month)), let .failure(.budgetsUnknown(month)):
            // Behind the closed gate the cache's list may be behind the server's: « offline », not « none ».
            return finish(.noBudget(month, because: lastFailure ?? (allowsRequests ? nil : .offline)))
        case .failure:
            return finish(.noBudget(form.budgetMonth(payDay: payDay), because: lastFailure))
        }
        guard request.line != nil, let draft else { return store() }
        step = .readingMonth
        return [.budgets(.loadMonth(draft.month))]
    }

    /// The month's prévisions are known (what waits applied over them): the one `--line` names.
    private mutating func lineResolved() -> [Effect] {
        guard let wanted = request.line, let month = draft?.month else { return [] }
        var serverDetails: BudgetDetails?
        if case let .budget(details)? = content { serverDetails = details }
        guard let details = PendingOverlay(month: month, details: serverDetails, outbox: outbox).merged ?? serverDetails else {
            return finish(.noBudget(month, because: allowsRequests ? nil : .offline))
        }
        switch ShellTargets.budgetLine(wanted, in: details) {
        case let .found(line):
            if let asked = request.kind, asked != line.kind { return finish(.lineKindMismatch(line, asked: asked)) }
            draft?.budgetLineId = line.id
            draft?.kind = line.kind
        case let .ambiguous(lines): return finish(.unknownLine(lines, ambiguous: true))
        case let .unknown(lines): return finish(.unknownLine(lines, ambiguous: false))
        }
        return store()
    }

    /// The catalogue is read (the server's through an open gate, else the replica's) when tags
    /// were named; then the expense is stored.
    private mutating func store() -> [Effect] {
        guard !request.tags.isEmpty else { return storeExpense() }
        step = .readingTags
        return [.budgets(.loadTags(askServer: allowsRequests))]
    }

    /// Each name as the catalogue's tag (case aside, accents kept), or a tag to create first.
    private mutating func tagsResolved() -> [Effect] {
        var ids: [String] = []
        var seen = Set<String>()
        for name in request.tags {
            guard case let .success(trimmed) = TagRules.name(name), seen.insert(TagRules.key(trimmed)).inserted else { continue }
            let key = TagRules.key(trimmed)
            ids.append(catalogue.first { TagRules.key($0.name) == key }?.id.lowercased() ?? ProvisionalTag.id(for: trimmed))
        }
        draft?.tagIds = ids
        return storeExpense()
    }

    /// Committed to disk before any send, as the TUI's quick-add stores it (one intent, one
    /// resolver); sent after when the gate is open — the expense's store asks the sync, a tag it
    /// creates first is stored just before it.
    private mutating func storeExpense() -> [Effect] {
        guard let draft else { return [] }
        step = .storing
        lastFailure = nil
        let context = WriteContext(month: draft.month, content: .noBudget, timeZone: timeZone)
        guard case let .success(resolved) = WriteResolver.resolve(.addExpense(id: clientId, draft), in: context) else { return [] }
        return resolved.done.map { change in
            .outbox(.storeChange(change, thenSync: allowsRequests && change.operation.target == .transaction(clientId)))
        }
    }

    private mutating func finish(_ ending: Outcome) -> [Effect] {
        if outcome == nil { outcome = ending }
        return []
    }
}
