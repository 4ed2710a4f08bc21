import Testing
@testable import PulpeTerminal

@Suite struct BoxDrawingTests {
    @Test func unicodeBoxWithTitle() {
        var b = CellBuffer(width: 12, height: 4)
        b.drawBox(b.bounds, title: "Budget", glyphs: .unicode)
        #expect(b.textLines() == [
            "┌─ Budget ─┐",
            "│          │",
            "│          │",
            "└──────────┘",
        ])
        #expect(b.styleLines() == [
            "bbTTTTTTTTbb",
            "b..........b",
            "b..........b",
            "bbbbbbbbbbbb",
        ])
    }

    @Test func asciiBoxSanitizesTheTitle() {
        var b = CellBuffer(width: 14, height: 3)
        b.drawBox(b.bounds, title: "Dépenses", glyphs: .ascii)
        #expect(b.textLines() == [
            "+- Depenses -+",
            "|            |",
            "+------------+",
        ])
    }

    @Test func longTitlesAreTruncatedWithTheGlyphSetEllipsis() {
        var u = CellBuffer(width: 10, height: 2)
        u.drawBox(u.bounds, title: "Budget mensuel", glyphs: .unicode)
        #expect(u.textLines()[0] == "┌─ Bud… ─┐")
        var a = CellBuffer(width: 10, height: 2)
        a.drawBox(a.bounds, title: "Budget mensuel", glyphs: .ascii)
        #expect(a.textLines()[0] == "+- B... -+")
        var tiny = CellBuffer(width: 6, height: 2)
        tiny.drawBox(tiny.bounds, title: "Budget", glyphs: .unicode)
        #expect(tiny.textLines() == ["┌────┐", "└────┘"])
    }

    @Test func heavyAndRoundedBoxes() {
        var h = CellBuffer(width: 4, height: 3)
        h.drawBox(h.bounds, glyphs: .unicode, line: .heavy)
        #expect(h.textLines() == ["┏━━┓", "┃  ┃", "┗━━┛"])
        var r = CellBuffer(width: 4, height: 2)
        r.drawBox(r.bounds, glyphs: .unicode, line: .rounded)
        #expect(r.textLines() == ["╭──╮", "╰──╯"])
        var a = CellBuffer(width: 4, height: 2)
        a.drawBox(a.bounds, glyphs: .ascii, line: .heavy)
        #expect(a.textLines() == ["+--+", "+--+"])
    }

    @Test func boxesClipAndSkipDegenerateSizes() {
        var b = CellBuffer(width: 5, height: 3)
        b.drawBox(Rect(x: 2, y: 1, width: 6, height: 4), glyphs: .unicode)
        #expect(b.textLines() == ["     ", "  ┌──", "  │  "])
        var c = CellBuffer(width: 3, height: 3)
        c.drawBox(Rect(x: 0, y: 0, width: 1, height: 3), glyphs: .unicode)
        #expect(c == CellBuffer(width: 3, height: 3))
    }

    @Test func rulesJoinTheBox() {
        var b = CellBuffer(width: 7, height: 4)
        b.drawBox(b.bounds, glyphs: .unicode)
        b.drawHorizontalRule(y: 2, x: 0, width: 7, glyphs: .unicode, joinsBox: true)
        b.drawVerticalRule(x: 3, y: 0, height: 3, glyphs: .unicode, joinsBox: true)
        #expect(b.textLines() == ["┌──┬──┐", "│  │  │", "├──┴──┤", "└─────┘"])
        var a = CellBuffer(width: 5, height: 1)
        a.drawHorizontalRule(y: 0, x: 0, width: 5, glyphs: .ascii)
        #expect(a.textLines() == ["-----"])
    }
}
