import Clocks
import PulpeCore
import Synchronization
import Testing
@testable import PulpeApp

/// Collects what the runner sends, from any task.
private final class Outbox: Sendable {
    private let messages = Mutex<[Msg]>([])
    func append(_ msg: Msg) { messages.withLock { $0.append(msg) } }
    var all: [Msg] { messages.withLock { $0 } }
}

@Suite(.timeLimit(.minutes(1))) struct EffectRunnerTests {
    @Test func aScheduledTimerFiresAtItsDeadlineOnTheInjectedClock() async {
        let clock = ClockAdapter(ImmediateClock())
        let outbox = Outbox()
        let runner = EffectRunner(clock: clock) { outbox.append($0) }
        let token = TimerToken(id: .splashMinimum, generation: 3)
        await runner.run(.schedule(token, after: .milliseconds(1200)))?.value
        #expect(outbox.all == [.timerFired(token, at: .milliseconds(1200))])
    }

    @Test func deadlinesAreFixedWhenTheCoreAsksNotWhenTheTaskWakes() async {
        let clock = ClockAdapter(ImmediateClock())
        let outbox = Outbox()
        let runner = EffectRunner(clock: clock) { outbox.append($0) }
        let minimum = TimerToken(id: .splashMinimum, generation: 1)
        let maximum = TimerToken(id: .splashMaximum, generation: 1)
        let first = runner.run(.schedule(minimum, after: .milliseconds(1200)))
        let second = runner.run(.schedule(maximum, after: .seconds(2)))
        await first?.value
        await second?.value
        #expect(Set(outbox.all) == [.timerFired(minimum, at: .milliseconds(1200)), .timerFired(maximum, at: .seconds(2))])
    }

    @Test func aCancelledTimerSendsNothing() async {
        let clock = ClockAdapter(TestClock())
        let outbox = Outbox()
        let runner = EffectRunner(clock: clock) { outbox.append($0) }
        let task = runner.run(.schedule(TimerToken(id: .splashMaximum, generation: 1), after: .seconds(2)))
        task?.cancel()
        await task?.value
        #expect(outbox.all.isEmpty)
    }

    @Test func terminalEffectsAreLeftToTheLoop() {
        let runner = EffectRunner(clock: ClockAdapter(ImmediateClock())) { _ in }
        #expect(runner.run(.redrawAll) == nil)
        #expect(runner.run(.quit(exitCode: 0)) == nil)
    }

    @Test func theAdapterCountsFromItsCreation() async throws {
        let testClock = TestClock()
        let clock = ClockAdapter(testClock)
        await testClock.advance(by: .milliseconds(250))
        #expect(clock.now() == .milliseconds(250))
    }
}
