import Testing
@testable import PulpeCore

@Suite struct TimerTableTests {
    @Test func aTickIsConsumedOnlyOnce() {
        var timers = TimerTable()
        let token = timers.arm(.splashMinimum)
        let first = timers.consume(token)
        let second = timers.consume(token)
        #expect(first)
        #expect(!second)
    }

    @Test func reArmingMakesTheEarlierTickStale() {
        var timers = TimerTable()
        let first = timers.arm(.splashMinimum)
        let second = timers.arm(.splashMinimum)
        #expect(first.generation == 1)
        #expect(second.generation == 2)
        let staleAccepted = timers.consume(first)
        let latestAccepted = timers.consume(second)
        #expect(!staleAccepted)
        #expect(latestAccepted)
    }

    @Test func cancellingDropsThePendingTick() {
        var timers = TimerTable()
        let token = timers.arm(.splashMaximum)
        timers.cancel(.splashMaximum)
        #expect(!timers.isArmed(.splashMaximum))
        let accepted = timers.consume(token)
        #expect(!accepted)
    }

    @Test func timersAreIndependent() {
        var timers = TimerTable()
        let minimum = timers.arm(.splashMinimum)
        let maximum = timers.arm(.splashMaximum)
        timers.cancel(.splashMinimum)
        let minimumAccepted = timers.consume(minimum)
        let maximumAccepted = timers.consume(maximum)
        #expect(!minimumAccepted)
        #expect(maximumAccepted)
    }
}
