import Testing
@testable import PulpeDomain

@Suite("Backoff: ceilings, jitter modes, retry limits and seeded draws")
struct BackoffTests {
    let full = Backoff(initial: .milliseconds(200), multiplier: 2.5, cap: .seconds(2), jitter: .full, maxRetries: 3)
    let equal = Backoff(initial: .seconds(2), multiplier: 2, cap: .seconds(60), jitter: .equal)
    let additive = Backoff(initial: .seconds(15), multiplier: 2, cap: .seconds(60), jitter: .additive(fraction: 0.2))

    func ms(_ values: Int...) -> [Duration] { values.map { .milliseconds($0) } }

    @Test("Ceilings grow by the multiplier from the initial wait and stop at the cap")
    func ceilings() {
        #expect((0..<6).map(full.ceiling(afterRetries:)) == ms(200, 500, 1250, 2000, 2000, 2000))
        #expect((0..<7).map(equal.ceiling(afterRetries:)) == [2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })
        #expect((0..<4).map(additive.ceiling(afterRetries:)) == [15, 30, 60, 60].map { Duration.seconds($0) })
        #expect(full.ceiling(afterRetries: -1) == .milliseconds(200))
        #expect(full.ceiling(afterRetries: 10_000) == .seconds(2))
    }

    @Test("Full jitter spans 0…ceiling; draws outside 0…1 (and NaN) are clamped")
    func fullJitter() {
        #expect(full.delay(afterRetries: 1, fraction: 0.5) == .milliseconds(250))
        #expect(full.delay(afterRetries: 0, fraction: 0) == .zero)
        #expect(full.delay(afterRetries: 0, fraction: 7) == .milliseconds(200))
        #expect(full.delay(afterRetries: 0, fraction: -1) == .zero)
        #expect(full.delay(afterRetries: 0, fraction: .nan) == .zero)
    }

    @Test("Equal jitter keeps each wait in the upper half of its ceiling")
    func equalJitter() {
        #expect(equal.delay(afterRetries: 0, fraction: 0) == .seconds(1))
        #expect(equal.delay(afterRetries: 2, fraction: 1) == .seconds(8))
        #expect(equal.delay(afterRetries: 1, fraction: 0.5) == .seconds(3))
    }

    @Test("Additive jitter never comes before the ceiling and adds at most the fraction")
    func additiveJitter() {
        #expect(additive.delay(afterRetries: 0, fraction: 0) == .seconds(15))
        #expect(additive.delay(afterRetries: 0, fraction: 1) == .seconds(18))
        #expect(additive.delay(afterRetries: 1, fraction: 0.5) == .seconds(33))
        #expect(additive.delay(afterRetries: 5, fraction: 1) == .seconds(72))
    }

    @Test("Drawn waits stay within each mode's bounds")
    func drawnBounds() {
        var generator = SplitMix64(seed: 7)
        for retries in 0..<50 {
            let fullCeiling = full.ceiling(afterRetries: retries)
            let fullDelay = full.delay(afterRetries: retries, using: &generator)
            #expect(fullDelay >= .zero && fullDelay <= fullCeiling)
            let equalCeiling = equal.ceiling(afterRetries: retries)
            let equalDelay = equal.delay(afterRetries: retries, using: &generator)
            #expect(equalDelay >= equalCeiling / 2 && equalDelay <= equalCeiling)
            let additiveCeiling = additive.ceiling(afterRetries: retries)
            let additiveDelay = additive.delay(afterRetries: retries, using: &generator)
            #expect(additiveDelay >= additiveCeiling && additiveDelay <= additiveCeiling * 1.2)
        }
    }

    @Test("A seed gives exactly the waits it always gave (the maintenance re-check, seed 42)")
    func seededAdditiveIsPinned() {
        var generator = SplitMix64(seed: 42)
        let delays = (0..<5).map { additive.delay(afterRetries: $0, using: &generator) }
        #expect(delays == ms(17_225, 30_959, 63_343, 64_130, 60_456))
    }

    @Test("A seeded full-jitter draw is one generator value's top 53 bits times the ceiling")
    func seededFullIsPinned() {
        var generator = SplitMix64(seed: 2026)
        var reference = SplitMix64(seed: 2026)
        for retries in 0..<4 {
            let fraction = Double(reference.next() >> 11) / Double(UInt64(1) << 53)
            #expect(full.delay(afterRetries: retries, using: &generator) == full.ceiling(afterRetries: retries) * fraction)
        }
        var fractions = SplitMix64(seed: 2026)
        let drawn = (0..<4).map { _ in Backoff.fraction(using: &fractions) }
        #expect(drawn == [0.8578542230112182, 0.4716273839414571, 0.667344955216218, 0.38477441920770517])
    }

    @Test("maxRetries bounds the retries; nil never gives up")
    func retryLimits() {
        #expect((0..<5).map(full.allowsRetry(afterRetries:)) == [true, true, true, false, false])
        #expect(equal.allowsRetry(afterRetries: 1_000_000))
        var none = full
        none.maxRetries = 0
        #expect(!none.allowsRetry(afterRetries: 0))
    }

    @Test("SplitMix64 is the reference stream: the same values for a seed, every time")
    func splitMix64() {
        var generator = SplitMix64(seed: 42)
        #expect((0..<3).map { _ in generator.next() } == [13_679_457_532_755_275_413, 2_949_826_092_126_892_291,
                                                          5_139_283_748_462_763_858])
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    }
}
