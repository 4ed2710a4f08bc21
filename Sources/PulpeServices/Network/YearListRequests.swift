import PulpeDomain
import PulpeNetworking

/// One sparse `?fields=month,year,remaining&year=` request per year, shared.
///
/// At start-up the month panel (to find the budget's id), its two prefetched neighbours, the
/// year panel and the warm-up started with the settings all need the same year's list within a
/// moment; they share one request and its answer instead of sending five. A successful answer is
/// reused for `reuseWindow` after it arrives (callers that come just after it finished), then
/// asked again; a failure is never reused, so the next caller retries.
actor YearListRequests {
    typealias Fetch = @Sendable (_ year: Int) async throws(PulpeError) -> [BudgetSummary]
    typealias Outcome = Result<[BudgetSummary], PulpeError>

    private struct Entry {
        var id: Int
        var task: Task<Outcome, Never>
        /// When the answer arrived; nil while the request runs.
        var finishedAt: ContinuousClock.Instant?
        var succeeded = false
    }

    private let fetch: Fetch
    private let reuseWindow: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private var entries: [Int: Entry] = [:]
    private var generation = 0

    init(reuseWindow: Duration = .seconds(2),
         now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
         fetch: @escaping Fetch) {
        self.fetch = fetch
        self.reuseWindow = reuseWindow
        self.now = now
    }

    init(client: PulpeAPIClient) {
        self.init { year throws(PulpeError) in
            try await client.budgetSummaries(fields: [.month, .year, .remaining], year: year, limit: 12)
        }
    }

    func list(year: Int) async throws(PulpeError) -> [BudgetSummary] {
        try await request(year: year).value.get()
    }

    /// Drops the year's answer (a budget was just created): the next caller asks the server.
    func forget(year: Int) {
        entries[year] = nil
    }

    /// Drops every year's answer (the account signed out): the next account's lists, and so its
    /// budget ids, are never answered from this one's — a request still running is not recorded.
    func forgetAll() {
        entries.removeAll()
    }

    /// Starts the request without waiting for it, so later callers find it under way.
    func prefetch(year: Int) {
        _ = request(year: year)
    }

    private func request(year: Int) -> Task<Outcome, Never> {
        if let entry = entries[year], isReusable(entry) { return entry.task }
        generation += 1
        let id = generation
        let fetch = self.fetch
        // Isolated to the actor: the answer is recorded before any caller sees it.
        let task = Task<Outcome, Never> {
            let outcome: Outcome
            do throws(PulpeError) {
                outcome = .success(try await fetch(year))
            } catch {
                outcome = .failure(error)
            }
            finished(id, year: year, outcome)
            return outcome
        }
        entries[year] = Entry(id: id, task: task)
        return task
    }

    private func isReusable(_ entry: Entry) -> Bool {
        guard let finishedAt = entry.finishedAt else { return true }
        return entry.succeeded && now() - finishedAt < reuseWindow
    }

    private func finished(_ id: Int, year: Int, _ outcome: Outcome) {
        // A newer request for the year may have replaced this one meanwhile.
        guard var entry = entries[year], entry.id == id else { return }
        entry.finishedAt = now()
        if case .success = outcome { entry.succeeded = true }
        entries[year] = entry
    }
}
