import Testing
@testable import PulpeTerminal

@Suite struct CellBufferWriteTests {
    @Test func writesTextAndReturnsCellsUsed() {
        var b = CellBuffer(width: 10, height: 2)
        #expect(b.write("Café", at: 1, y: 0) == 4)
        #expect(b.textLines() == [" Café     ", "          "])
        #expect(b.write("中文", at: 0, y: 1) == 4)
        #expect(b.textLines()[1] == "中文      ")
        #expect(b[1, 1].isContinuation && b[0, 1].isWide)
    }

    @Test func clipsAtTheRightEdge() {
        var b = CellBuffer(width: 6, height: 1)
        #expect(b.write("Réessayer", at: 2, y: 0) == 4)
        #expect(b.textLines() == ["  Rées"])
    }

    @Test func wideCharacterStraddlingTheRightEdgeBecomesASpace() {
        var b = CellBuffer(width: 5, height: 1, fill: Cell("x"))
        #expect(b.write("ab中", at: 2, y: 0) == 3)
        #expect(b.textLines() == ["xxab "])
        #expect(!b[4, 0].isContinuation)
    }

    @Test func rowsOutsideTheBufferAreIgnored() {
        var b = CellBuffer(width: 4, height: 2)
        #expect(b.write("abc", at: 0, y: 2) == 0)
        #expect(b.write("abc", at: 0, y: -1) == 0)
        #expect(b.write("abc", at: 9, y: 0) == 0)
        #expect(b.textLines() == ["    ", "    "])
    }

    @Test func leftClippingSkipsHiddenCells() {
        var b = CellBuffer(width: 5, height: 1)
        #expect(b.write("abcdef", at: -2, y: 0) == 4)
        #expect(b.textLines() == ["cdef "])
        var c = CellBuffer(width: 4, height: 1)
        #expect(c.write("中x", at: -1, y: 0) == 2)   // right half of 中 visible: a space
        #expect(c.textLines() == [" x  "])
    }

    @Test func clipRectLimitsTheWrite() {
        var b = CellBuffer(width: 10, height: 3)
        let clip = Rect(x: 2, y: 1, width: 4, height: 1)
        #expect(b.write("hello world", at: 0, y: 1, clip: clip) == 4)
        #expect(b.write("nope", at: 2, y: 0, clip: clip) == 0)
        #expect(b.textLines() == ["          ", "  llo     ", "          "])
        var c = CellBuffer(width: 10, height: 1)
        #expect(c.write("ab中", at: 0, y: 0, clip: Rect(x: 0, y: 0, width: 3, height: 1)) == 3)
        #expect(c.textLines() == ["ab        "])
    }

    @Test func overwritingTheLeftHalfOfAWideCharacterRepairsTheRightHalf() {
        var b = CellBuffer(width: 4, height: 1)
        b.write("中文", at: 0, y: 0)
        b.write("x", at: 2, y: 0, style: .accent)
        #expect(b.textLines() == ["中x "])
        #expect(!b[3, 0].isContinuation)
        #expect(b[3, 0].grapheme == " ")
    }

    @Test func overwritingTheRightHalfOfAWideCharacterRepairsTheLeftHalf() {
        var b = CellBuffer(width: 4, height: 1)
        b.write("中文", at: 0, y: 0)
        b.write("y", at: 1, y: 0)
        #expect(b.textLines() == [" y文"])
        #expect(!b[0, 0].isWide)
    }

    @Test func wideOverWideAtAnOffsetRepairsBothNeighbours() {
        var b = CellBuffer(width: 6, height: 1)
        b.write("中文字", at: 0, y: 0)
        b.write("日", at: 1, y: 0)
        #expect(b.textLines() == [" 日 字"])
        #expect(b[1, 0].isWide && b[2, 0].isContinuation && !b[3, 0].isContinuation)
    }

    @Test func controlsBecomeSpacesAndLoneMarksAreDropped() {
        var b = CellBuffer(width: 6, height: 1)
        #expect(b.write("a\tb\nc", at: 0, y: 0) == 5)
        #expect(b.textLines() == ["a b c "])
        var c = CellBuffer(width: 3, height: 1)
        #expect(c.write("\u{301}e\u{301}", at: 0, y: 0) == 1)
        #expect(c[0, 0].grapheme == "e\u{301}")
    }

    @Test func fillAndStyle() {
        var b = CellBuffer(width: 5, height: 3)
        b.fill(Rect(x: 1, y: 1, width: 3, height: 2), with: "░", style: .placeholder)
        #expect(b.textLines() == ["     ", " ░░░ ", " ░░░ "])
        b.fill(Rect(x: 0, y: 0, width: 5, height: 1), with: "中")
        #expect(b.textLines()[0] == "中中 ")
        b.setStyle(Rect(x: 0, y: 2, width: 5, height: 1), style: .selection)
        #expect(b[0, 2].style == .selection && b[1, 2].grapheme == "░")
        b.updateStyle(Rect(x: 1, y: 1, width: 1, height: 1)) { $0.bolded }
        #expect(b[1, 1].style == Style(role: .placeholder, bold: true))
        b.clear()
        #expect(b == CellBuffer(width: 5, height: 3))
    }

    @Test func tinyAndEmptyBuffersNeverTrap() {
        var empty = CellBuffer(width: 0, height: 0)
        #expect(empty.write("abc", at: 0, y: 0) == 0)
        empty.fill(Rect(x: 0, y: 0, width: 5, height: 5), with: "x")
        empty.drawBox(Rect(x: 0, y: 0, width: 5, height: 5), title: "T", glyphs: .unicode)
        #expect(empty.textLines().isEmpty)
        var one = CellBuffer(width: 1, height: 1)
        #expect(one.write("中", at: 0, y: 0) == 1)
        #expect(one.textLines() == [" "])
        let negative = CellBuffer(width: -1, height: 3)
        #expect(negative.width == 0 && negative.cells.isEmpty)
    }
}
