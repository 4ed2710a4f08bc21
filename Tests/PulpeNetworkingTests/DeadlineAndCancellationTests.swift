import Clocks
import Foundation
import PulpeDomain
@testable import PulpeNetworking
import Testing

@Suite("The 30 s operation budget and cancellation", .timeLimit(.minutes(1)))
struct DeadlineAndCancellationTests {
    /// Waits (really, briefly) until the transport has received `count` requests.
    func waitForRequests(_ transport: ScriptedTransport, count: Int) async {
        let start = ContinuousClock.now
        while transport.requests.count < count, ContinuousClock.now - start < .seconds(30) {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    @Test("A request that never answers times out when the watchdog fires; nothing is retried after it")
    func watchdogTimesOut() async {
        let transport = ScriptedTransport([.hang])
        let observer = OutcomeLog()
        let timing = RequestTiming(clock: ImmediateClock(), deadlineClock: ImmediateClock(), jitter: .constant(1),
                                   now: { Fixture.now })
        let client = await Fixture.client(transport, timing: timing, observer: observer)
        let error = await pulpeError { _ = try await client.health() }
        #expect(error?.kind == .timeout)
        #expect(error?.isTransport == true)
        #expect(error?.context.path == "/health")
        // The watchdog may fire before the attempt reaches the transport; never more than one.
        #expect(transport.requests.count <= 1)
        #expect(await observer.outcomes == [.unreachable(.timedOut)])
    }

    @Test("On a real clock the budget is the whole operation's, not an idle timeout")
    func realClockBudget() async {
        let transport = ScriptedTransport([.hang])
        var policy = RetryPolicy.standard
        policy.operationBudget = .milliseconds(150)
        let client = await Fixture.client(transport, timing: RequestTiming(policy: policy))
        let start = ContinuousClock.now
        let error = await pulpeError { _ = try await client.health() }
        let elapsed = ContinuousClock.now - start
        // The transport never answers: only the operation budget can end this call. No upper bound
        // on the elapsed time: a loaded CI machine may take seconds to schedule the watchdog.
        #expect(error?.kind == .timeout)
        #expect(elapsed >= .milliseconds(150))
    }

    @Test("An answer before the deadline wins on a real clock")
    func answerBeatsDeadline() async throws {
        let transport = ScriptedTransport([.json(200, #"{"status":"healthy"}"#)])
        let client = await Fixture.client(transport, timing: RequestTiming())
        #expect(try await client.health().isHealthy)
    }

    @Test("Cancelling the task cancels the request in flight and stops: .cancelled, one request")
    func cancelInFlight() async {
        let transport = ScriptedTransport([.hang, .json(200, #"{"status":"healthy"}"#)])
        let client = await Fixture.client(transport)
        let task = Task { await pulpeError { _ = try await client.health() } }
        await waitForRequests(transport, count: 1)
        task.cancel()
        let error = await task.value
        #expect(error?.kind == .cancelled)
        #expect(transport.requests.count == 1)
    }

    @Test("Cancelling during a backoff wait stops the retries")
    func cancelDuringBackoff() async {
        let transport = ScriptedTransport([.refused, .json(200, #"{"status":"healthy"}"#)])
        var policy = RetryPolicy.standard
        policy.backoff.initial = .seconds(20)
        policy.backoff.cap = .seconds(20)
        let client = await Fixture.client(transport, timing: RequestTiming(policy: policy, jitter: .constant(1)))
        let task = Task { await pulpeError { _ = try await client.health() } }
        await waitForRequests(transport, count: 1)
        try? await Task.sleep(for: .milliseconds(20))
        let start = ContinuousClock.now
        task.cancel()
        let error = await task.value
        #expect(error?.kind == .cancelled)
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(transport.requests.count == 1)
    }

    @Test("A task cancelled before the call sends nothing")
    func alreadyCancelled() async {
        let transport = ScriptedTransport([.json(200, #"{"status":"healthy"}"#)])
        let client = await Fixture.client(transport)
        let gate = Locked(false)
        let task = Task { () async -> PulpeError? in
            while !gate.current { await Task.yield() }
            return await pulpeError { _ = try await client.health() }
        }
        task.cancel()
        gate.withLock { $0 = true }
        let error = await task.value
        #expect(error?.kind == .cancelled)
        #expect(transport.requests.isEmpty)
    }
}
