import PulpeCore
import PulpeDomain
import Testing

@Suite("The maintenance re-check schedule")
struct MaintenanceRecheckScheduleTests {
    @Test("15 s, 30 s, then 60 s with +0–20 %, exactly the same waits for the same seed")
    func seededWaitsArePinned() {
        var random = SplitMix64(seed: 42)
        let delays = (0..<5).map { Backoff.maintenanceRecheck.delay(afterRetries: $0, using: &random) }
        #expect(delays == [17_225, 30_959, 63_343, 64_130, 60_456].map { Duration.milliseconds($0) })
    }
}
