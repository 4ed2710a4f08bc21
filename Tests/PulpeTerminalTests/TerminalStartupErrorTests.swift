import Testing
@testable import PulpeTerminal

@Suite struct TerminalStartupErrorTests {
    @Test func messages() {
        #expect(TerminalStartupError.notATerminal.message == "standard input and output must be a terminal")
        #expect(TerminalStartupError.unknownTerminal("bogus").message
                == "unknown terminal type 'bogus' (try TERM=xterm-256color)")
        #expect(TerminalStartupError.unknownTerminal("(unset)").message
                == "unknown terminal type '(unset)' (try TERM=xterm-256color)")
        #expect(TerminalStartupError.cannotPositionCursor("dumb").message
                == "terminal type 'dumb' cannot position the cursor")
    }

    @Test func exitCodesDifferPerCause() {
        #expect(TerminalStartupError.notATerminal.exitCode == 2)
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
