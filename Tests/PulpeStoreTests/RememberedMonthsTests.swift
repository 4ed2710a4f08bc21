import Testing
@testable import PulpeStore

/// What a store remembers of a month's rows is never put back to an older version by a read that
/// ends after a newer save (`RememberedMonths.remember(_:for:ifStill:)`).
@Suite struct RememberedMonthsTests {
    private static func rows(_ version: Int64) -> RememberedMonths.Rows {
        RememberedMonths.Rows(stored: .replaced([]), version: version)
    }

    @Test func aReadThatEndsAfterANewerSaveLeavesTheNewerRows() {
        let memory = RememberedMonths()
        memory.remember(Self.rows(2), for: "m")
        memory.remember(Self.rows(1), for: "m", ifStill: .some(nil))
        #expect(memory.rows(for: "m")?.version == 2, "the read began with nothing remembered")
        memory.remember(Self.rows(1), for: "m", ifStill: .some(7))
        #expect(memory.rows(for: "m")?.version == 2, "the read began at another version")
        memory.remember(Self.rows(3), for: "m", ifStill: .some(2))
        #expect(memory.rows(for: "m")?.version == 3, "still at the version the read began with")
        memory.remember(Self.rows(4), for: "n", ifStill: .some(nil))
        #expect(memory.rows(for: "n")?.version == 4, "nothing was remembered, nothing is")
        memory.remember(Self.rows(5), for: "m")
        #expect(memory.rows(for: "m")?.version == 5, "a save always replaces")
    }
}
