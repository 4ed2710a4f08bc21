/// Runs an attempt until it succeeds, the policy gives up, or the budget would be exceeded.
struct RetryRunner: Sendable {
    let policy: RetryPolicy
    let clock: any Clock<Duration>
    let jitter: Jitter

    /// - Parameter attempt: receives the 0-based attempt number.
    func run<T: Sendable>(idempotent: Bool,
                          _ attempt: @Sendable (Int) async throws(PulpeError) -> T) async throws(PulpeError) -> T {
        let stopwatch = Stopwatch(clock)
        var retryIndex = 0
        while true {
            // Never start an attempt (possibly a POST) for a caller that is gone.
            if Task.isCancelled { throw PulpeError(.cancelled) }
            let failure: PulpeError
            do throws(PulpeError) {
                return try await attempt(retryIndex)
            } catch {
                failure = error
            }
            guard let delay = policy.delay(after: failure, retryIndex: retryIndex, idempotent: idempotent,
                                           fraction: jitter.next()),
                  stopwatch.elapsed + delay < policy.operationBudget
            else { throw failure }
            do {
                try await sleep(on: clock, for: delay)
            } catch {
                throw PulpeError(.cancelled, context: failure.context)
            }
            retryIndex += 1
        }
    }
}
