import PulpeDomain
import PulpeNetworking
import Synchronization
import Testing
@testable import PulpeServices

/// The sparse year list is asked once for everyone who needs it at the same moment.
@Suite(.timeLimit(.minutes(1))) struct YearListRequestsTests {
    /// Counts requests and holds each one until the test lets it answer.
    final class Server: Sendable {
        private let state = Mutex<(count: Int, waiting: [CheckedContinuation<Void, Never>], failNext: Bool)>((0, [], false))
        var count: Int { state.withLock { $0.count } }
        var waiting: Int { state.withLock { $0.waiting.count } }
        func failNext() { state.withLock { $0.failNext = true } }

        func answer() {
            let continuations = state.withLock { state in
                defer { state.waiting = [] }
                return state.waiting
            }
            continuations.forEach { $0.resume() }
        }

        func fetch(_ year: Int) async throws(PulpeError) -> [BudgetSummary] {
            await withCheckedContinuation { continuation in
                state.withLock { state in
                    state.count += 1
                    state.waiting.append(continuation)
                }
            }
            let fail = state.withLock { state in
                defer { state.failNext = false }
                return state.failNext
            }
            if fail { throw PulpeError(.timeout) }
            return [BudgetSummary(id: "b\(year)", month: 11, year: year, remaining: 1)]
        }
    }

    /// A clock the test moves by hand.
    final class ManualNow: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(_ duration: Duration) { instant.withLock { $0 += duration } }
    }

    private func waitUntil(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }

    @Test func concurrentCallersShareOneRequest() async throws {
        let server = Server()
        let requests = YearListRequests(fetch: { year throws(PulpeError) in try await server.fetch(year) })
        await requests.prefetch(year: 2026)
        async let month = requests.list(year: 2026)
        async let previous = requests.list(year: 2026)
        async let panel = requests.list(year: 2026)
        await waitUntil { server.waiting == 1 }
        server.answer()
        let answers = try await [month, previous, panel]
        #expect(answers.allSatisfy { $0.first?.id == "b2026" })
        #expect(server.count == 1)
    }

    @Test func anAnswerIsReusedBrieflyThenAskedAgain() async throws {
        let server = Server()
        let clock = ManualNow()
        let requests = YearListRequests(reuseWindow: .seconds(2), now: { clock.now },
                                        fetch: { year throws(PulpeError) in try await server.fetch(year) })
        async let first = requests.list(year: 2026)
        await waitUntil { server.waiting == 1 }
        server.answer()
        _ = try await first
        // Within the window: no new request.
        _ = try await requests.list(year: 2026)
        #expect(server.count == 1)
        clock.advance(.seconds(3))
        async let later = requests.list(year: 2026)
        await waitUntil { server.waiting == 1 }
        server.answer()
        _ = try await later
        #expect(server.count == 2)
    }

    @Test func aFailureIsNotReused() async throws {
        let server = Server()
        let requests = YearListRequests(fetch: { year throws(PulpeError) in try await server.fetch(year) })
        server.failNext()
        let failing = Task { try await requests.list(year: 2026) }
        await waitUntil { server.waiting == 1 }
        server.answer()
        await #expect(throws: PulpeError.self) { try await failing.value }
        async let retry = requests.list(year: 2026)
        await waitUntil { server.waiting == 1 }
        server.answer()
        #expect(try await retry.count == 1)
        #expect(server.count == 2)
    }

    @Test func differentYearsAreDifferentRequests() async throws {
        let server = Server()
        let requests = YearListRequests(fetch: { year throws(PulpeError) in try await server.fetch(year) })
        async let this = requests.list(year: 2026)
        async let next = requests.list(year: 2027)
        await waitUntil { server.waiting == 2 }
        server.answer()
        _ = try await (this, next)
        #expect(server.count == 2)
    }
}
