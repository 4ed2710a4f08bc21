import Testing
@testable import PulpeCore

/// The viewport keeps its offset within the last page, and reveals a row by moving as little as possible.
@Suite struct ListViewportTests {
    @Test func theOffsetStaysOnTheLastPageAtMost() {
        #expect(ListViewport(rowCount: 300, visibleRows: 8, offset: 10_000).offset == 292)
        #expect(ListViewport(rowCount: 300, visibleRows: 8, offset: -5).offset == 0)
        #expect(ListViewport(rowCount: 5, visibleRows: 8, offset: 3).offset == 0, "everything fits: nothing to scroll")
        var viewport = ListViewport(rowCount: 300, visibleRows: 8, offset: 50)
        #expect(viewport.lastOffset == 292)
        #expect(viewport.pageStep == 7)
        viewport.scroll(to: 400)
        #expect(viewport.offset == 292)
    }

    @Test func revealingARowMovesAsLittleAsPossible() {
        let viewport = ListViewport(rowCount: 300, visibleRows: 8, offset: 50)
        #expect(viewport.offset(revealing: 58) == 51)
        #expect(viewport.offset(revealing: 49) == 49)
        #expect(viewport.offset(revealing: 53) == 50)
        #expect(ListViewport(rowCount: 300, visibleRows: 8).offset(revealing: 299) == 292)
    }
}
