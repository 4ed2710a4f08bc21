import PulpeDomain
import PulpeNetworking

/// One sparse `?fields=month,year,remaining&year=` request per year at a time.
///
/// At start-up the month panel (to find the budget's id), its two prefetched neighbours and the
/// year panel all need the same year's list at once; concurrent callers share one request and
/// its answer instead of sending four.
actor YearListRequests {
    private let client: PulpeAPIClient
    private var inFlight: [Int: Task<Result<[BudgetSummary], PulpeError>, Never>] = [:]

    init(client: PulpeAPIClient) { self.client = client }

    func list(year: Int) async throws(PulpeError) -> [BudgetSummary] {
        let task: Task<Result<[BudgetSummary], PulpeError>, Never>
        if let running = inFlight[year] {
            task = running
        } else {
            let client = self.client
            task = Task {
                do throws(PulpeError) {
                    return .success(try await client.budgetSummaries(fields: [.month, .year, .remaining], year: year, limit: 12))
                } catch {
                    return .failure(error)
                }
            }
            inFlight[year] = task
        }
        let result = await task.value
        inFlight[year] = nil
        return try result.get()
    }
}
