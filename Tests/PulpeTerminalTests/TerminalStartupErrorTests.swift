import Testing
@testable import PulpeTerminal

@Suite struct TerminalStartupErrorTests {
    @Test func messages() {
        #expect(TerminalStartupError.notATerminal(.input).message
                == "standard input is not a terminal (the full-screen app needs one; try pulpe --help)")
        #expect(TerminalStartupError.notATerminal(.output).message
                == "standard output is not a terminal (the full-screen app needs one; try pulpe --help)")
        #expect(TerminalStartupError.closedStream(.input).message
                == "standard input is closed (the full-screen app needs a terminal; try pulpe --help)")
        #expect(TerminalStartupError.unknownTerminal("bogus").message
                == "unknown terminal type 'bogus' (try TERM=xterm-256color)")
        #expect(TerminalStartupError.unknownTerminal("(unset)").message
                == "unknown terminal type '(unset)' (try TERM=xterm-256color)")
        #expect(TerminalStartupError.cannotPositionCursor("dumb").message
                == "terminal type 'dumb' cannot position the cursor")
    }

    @Test func exitCodesDifferPerCause() {
        #expect(TerminalStartupError.notATerminal(.output).exitCode == 2)
        #expect(TerminalStartupError.closedStream(.input).exitCode == 2)
        #expect(TerminalStartupError.unknownTerminal("x").exitCode == 3)
        #expect(TerminalStartupError.cannotPositionCursor("dumb").exitCode == 4)
    }

    @Test func crashSequenceRestoresTheMainScreenCursorAndAttributes() {
        let seq = String(decoding: UnsafeBufferPointer(start: TerminalRestore.crashSequence.utf8Start,
                                                       count: TerminalRestore.crashSequence.utf8CodeUnitCount),
                         as: UTF8.self)
        #expect(seq.hasSuffix("\u{1b}[?1049l\u{1b}[?25h\u{1b}[0m"))
        #expect(seq.contains("\u{1b}[?1000l"))
    }
}
