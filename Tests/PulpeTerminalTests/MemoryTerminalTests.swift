import PulpeDomain
import Testing
@testable import PulpeTerminal

@MainActor
@Suite struct MemoryTerminalTests {
    @Test func countsOnlyChangedCells() {
        let term = MemoryTerminal(size: Size(width: 10, height: 2))
        var frame = CellBuffer(size: term.size)
        frame.write("Bonjour", at: 0, y: 0)
        term.present(frame)
        #expect(term.lastCellsWritten == 7 && term.clearCount == 1)
        term.present(frame)
        #expect(term.lastCellsWritten == 0)
        frame.write("!", at: 7, y: 0)
        term.present(frame)
        #expect(term.lastCellsWritten == 1)
        #expect(term.totalCellsWritten == 8 && term.presentCount == 3)
        #expect(term.screenLines == ["Bonjour!  ", "          "])
        term.forceFullRedraw()
        term.present(frame)
        #expect(term.lastCellsWritten == 8 && term.clearCount == 2)
    }

    @Test func resizeAndInjectedEventsComeBackInOrder() {
        let term = MemoryTerminal()
        term.inject(keys: [.char("q"), .down])
        term.resize(to: Size(width: 40, height: 10))
        #expect(term.readEvents() == [.key(.char("q")), .key(.down), .resize(Size(width: 40, height: 10))])
        #expect(term.readEvents().isEmpty)
        #expect(term.size == Size(width: 40, height: 10))
    }
}
