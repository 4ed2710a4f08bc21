import Testing
@testable import PulpeTerminal

@Suite struct CellBufferSnapshotTests {
    @Test func textLinesKeepTrailingSpacesAndPrintWideCharactersOnce() {
        var b = CellBuffer(width: 8, height: 2)
        b.write("日本", at: 1, y: 0)
        #expect(b.textLines() == [" 日本   ", "        "])
        #expect(b.textLines().allSatisfy { $0.displayWidth == 8 })
    }

    @Test func styleLinesEncodeRoleAndBold() {
        var b = CellBuffer(width: 10, height: 2)
        b.write("Titre", at: 0, y: 0, style: .title)
        b.write("-12", at: 6, y: 0, style: .negative)
        b.write("ok", at: 0, y: 1, style: .strong)
        b.write("中", at: 3, y: 1, style: .accent)
        b.write("x", at: 6, y: 1, style: .highlight)
        b.write("y", at: 7, y: 1, style: .selection)
        b.write("z", at: 8, y: 1, style: .placeholder)
        #expect(b.styleLines() == ["TTTTT.nnn.", "##.aa.Hso."])
    }

    @Test func everyRoleHasADistinctCode() {
        let codes = ColorRole.allCases.map(\.goldenCode)
        #expect(Set(codes).count == codes.count)
        #expect(CellBuffer.styleCode(.normal) == ".")
        #expect(CellBuffer.styleCode(Style(role: .muted, bold: true)) == "M")
    }

    @Test func attributeLinesEncodeDimReverseUnderline() {
        var b = CellBuffer(width: 5, height: 1)
        b.write("a", at: 0, y: 0, style: Style(dim: true))
        b.write("b", at: 1, y: 0, style: Style(reverse: true))
        b.write("c", at: 2, y: 0, style: Style(underline: true))
        b.write("d", at: 3, y: 0, style: Style(dim: true, reverse: true, underline: true))
        #expect(b.attributeLines() == ["1247."])
    }
}
