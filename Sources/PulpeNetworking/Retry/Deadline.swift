/// Bounds a whole operation in time by racing it against a sleep on a clock.
///
/// Needed because the transport's timeout is an idle timeout only (a slow drip never times out).
/// The loser is cancelled: a cancelled request makes the transport throw `.cancelled` at once and
/// close the connection.
enum Deadline {
    private enum Outcome<T: Sendable>: Sendable {
        case finished(T)
        case expired
    }

    /// `operation`'s result, or `.timeout` when `budget` elapses on `clock` first.
    /// Cancelling the calling task cancels the operation and reports `.cancelled`.
    static func run<T: Sendable>(budget: Duration, clock: any Clock<Duration>, context: ErrorContext,
                                 _ operation: @escaping @Sendable () async throws(PulpeError) -> T) async throws(PulpeError) -> T {
        let outcome: Outcome<T>
        do {
            outcome = try await withThrowingTaskGroup(of: Outcome<T>.self) { group in
                group.addTask { .finished(try await operation()) }
                group.addTask {
                    try await sleep(on: clock, for: budget)
                    return .expired
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw CancellationError() }
                return first
            }
        } catch {
            if Task.isCancelled { throw PulpeError(.cancelled, context: context) }
            throw PulpeError.wrap(error, context: context)
        }
        switch outcome {
        case .finished(let value):
            return value
        case .expired:
            if Task.isCancelled { throw PulpeError(.cancelled, context: context) }
            var expiredContext = context
            expiredContext.serverMessage = "no complete answer within \(budget)"
            throw PulpeError(.timeout, context: expiredContext)
        }
    }
}
