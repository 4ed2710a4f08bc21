import Clocks
import PulpeCore
import Testing
@testable import PulpeApp

/// `AppClock.wake(at:_:)`, which paints animation frames: the default (a sleeping task, what tests
/// get through `ClockAdapter`) and the live dispatch timer.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ClockWakeTests {
    @Test func aWakeComesOnlyOnceItsDeadlineHasCome() async {
        let test = TestClock()
        let clock = ClockAdapter(test)
        var woken: [String] = []
        _ = clock.wake(at: .milliseconds(100)) { woken.append("frame") }
        await test.advance(by: .milliseconds(99))
        #expect(woken.isEmpty)
        await test.advance(by: .milliseconds(1))
        await settle { !woken.isEmpty }
        #expect(woken == ["frame"])
    }

    @Test func aCancelledWakeNeverComes() async {
        let test = TestClock()
        let clock = ClockAdapter(test)
        var woken: [String] = []
        let stale = clock.wake(at: .milliseconds(100)) { woken.append("stale") }
        _ = clock.wake(at: .milliseconds(200)) { woken.append("next") }
        stale.cancel()
        await test.advance(by: .milliseconds(200))
        await settle { !woken.isEmpty }
        #expect(woken == ["next"])
    }

    /// The live clock: its timer lands on the main actor (the body is main-actor code), and a
    /// cancelled one is skipped while a later one still comes.
    @Test func theSystemClocksWakeLandsOnTheMainActorAndCancels() async {
        let clock = SystemClock()
        var woken: [String] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let stale = clock.wake(at: clock.now() + .milliseconds(1)) { woken.append("stale") }
            _ = clock.wake(at: clock.now() + .milliseconds(20)) {
                woken.append("next")
                done.resume()
            }
            stale.cancel()
        }
        #expect(woken == ["next"])
    }

    /// Lets the main actor run what a test clock's advance resumed.
    private func settle(_ done: () -> Bool) async {
        for _ in 0..<100 where !done() { await Task.yield() }
    }
}
