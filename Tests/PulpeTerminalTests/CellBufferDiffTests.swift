import PulpeDomain
import Testing
@testable import PulpeTerminal

@Suite struct CellBufferDiffTests {
    func sample() -> CellBuffer {
        var b = CellBuffer(width: 10, height: 3)
        b.write("Budget", at: 0, y: 0, style: .title)
        b.write("中文", at: 2, y: 1)
        return b
    }

    @Test func identicalBuffersHaveNoChanges() {
        #expect(sample().changes(since: sample()).isEmpty)
    }

    /// A grapheme too long for an inline string lives on the heap: two frames drawing it hold two
    /// copies whose bytes differ, so the row's `memcmp` says « different » and the cells decide.
    @Test func aLongGraphemeDrawnInTwoFramesIsNoChange() {
        func frame() -> CellBuffer {
            var b = CellBuffer(width: 6, height: 2)
            let family = String(decoding: Array("👨‍👩‍👧‍👦".utf8), as: UTF8.self)  // 25 bytes, built at run time
            b.write("a" + family + "b", at: 0, y: 1)
            return b
        }
        let (before, now) = (frame(), frame())
        #expect(now.changes(since: before).isEmpty)
        var changed = now
        changed.write("c", at: 3, y: 1)
        #expect(changed.changes(since: before) == [ChangedRun(row: 1, columns: 3..<4, cells: [Cell("c")])])
    }

    @Test func buffersWithNoColumnsHaveNoChanges() {
        #expect(CellBuffer(width: 0, height: 3).changes(since: CellBuffer(width: 0, height: 3)).isEmpty)
    }

    @Test func oneChangedCellIsOneRunOfOneCell() {
        var b = sample()
        b.write("X", at: 4, y: 2)
        let runs = b.changes(since: sample())
        #expect(runs == [ChangedRun(row: 2, columns: 4..<5, cells: [Cell("X")])])
        #expect(runs.writeCount == 1)
    }

    @Test func styleOnlyChangesAreChanges() {
        var b = sample()
        b.setStyle(Rect(x: 0, y: 0, width: 3, height: 1), style: .selection)
        let runs = b.changes(since: sample())
        #expect(runs.count == 1 && runs[0].row == 0 && runs[0].columns == 0..<3)
    }

    @Test func separateChangesGiveSeparateRuns() {
        var b = sample()
        b.write("a", at: 0, y: 2)
        b.write("b", at: 5, y: 2)
        b.write("c", at: 9, y: 0)
        let runs = b.changes(since: sample())
        #expect(runs.map(\.row) == [0, 2, 2])
        #expect(runs.map(\.columns) == [9..<10, 0..<1, 5..<6])
    }

    @Test func runStartingOnAContinuationIncludesItsLeadingHalf() {
        var b = sample()
        b.updateStyle(Rect(x: 3, y: 1, width: 1, height: 1)) { $0.bolded }   // right half of 中 only
        let runs = b.changes(since: sample())
        #expect(runs.count == 1 && runs[0].columns == 2..<4)
        #expect(runs[0].writeCount == 1)
    }

    @Test func replacingAWideCharacterCountsOneWrite() {
        var b = sample()
        b.write("日", at: 2, y: 1)
        let runs = b.changes(since: sample())
        #expect(runs == [ChangedRun(row: 1, columns: 2..<3, cells: [Cell("日")])])
    }

    @Test func sizeChangeRewritesEverything() {
        let small = CellBuffer(width: 4, height: 2)
        let runs = sample().changes(since: small)
        #expect(runs.count == 3 && runs.allSatisfy { $0.columns == 0..<10 })
    }

    @Test func presentationPlanClearsWhenThereIsNoPreviousFrame() {
        let plan = sample().presentationPlan(after: nil)
        #expect(plan.clearFirst)
        #expect(plan.runs.writeCount == 6 + 2)   // "Budget" + two wide characters; blanks are skipped
        let again = sample().presentationPlan(after: sample())
        #expect(!again.clearFirst && again.runs.isEmpty)
    }
}
