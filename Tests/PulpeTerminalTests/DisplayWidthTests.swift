import Testing
import PulpeDomain
@testable import PulpeTerminal

/// The width table decides every column in the UI; these are the characters Pulpe meets.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("’", 1), ("—", 1), ("«", 1), ("…", 1), ("€", 1),
        ("┌", 1), ("─", 1), ("│", 1), ("█", 1), ("░", 1), ("⠋", 1), ("✓", 1), ("•", 1),
        ("中", 2), ("日", 2), ("한", 2), ("ア", 2), ("Ａ", 2), ("😀", 2), ("🚀", 2), ("🤖", 2),
        ("\u{301}", 0), ("\u{200B}", 0), ("\u{200D}", 0),
    ] as [(String, Int)])
    func characterWidth(text: String, width: Int) {
        #expect(Character(text).displayWidth == width)
    }

    @Test func combiningSequencesTakeTheirBaseWidth() {
        #expect(Character("e\u{301}").displayWidth == 1)      // decomposed é
        #expect("e\u{301}te\u{301}".displayWidth == 3)
        #expect(Character("❤\u{FE0F}").displayWidth == 1)     // like glibc wcwidth
    }

    @Test func controlsCountAsOneCellBecauseTheyAreDrawnAsSpaces() {
        #expect(Character("\t").displayWidth == 1)
        #expect(Unicode.Scalar(0x85)!.isTerminalControl)
        #expect(Unicode.Scalar(0x2028)!.isTerminalControl)
        #expect(!Unicode.Scalar(0x20)!.isTerminalControl)
    }

    @Test func stringWidthSumsCharacters() {
        #expect("Disponible à dépenser".displayWidth == 21)
        #expect("CHF 1’234.50".displayWidth == 12)
        #expect("中文 ok".displayWidth == 7)
        #expect("".displayWidth == 0)
    }

    @Test func rangeEdges() {
        #expect(Unicode.Scalar(0x10FF)!.terminalWidth == 1)
        #expect(Unicode.Scalar(0x1100)!.terminalWidth == 2)
        #expect(Unicode.Scalar(0x115F)!.terminalWidth == 2)
        #expect(Unicode.Scalar(0x303F)!.terminalWidth == 1)   // half-fill space is narrow
        #expect(Unicode.Scalar(0xFF61)!.terminalWidth == 1)   // halfwidth katakana
        #expect(Unicode.Scalar(0x1F321)!.terminalWidth == 1)  // thermometer: text presentation
        #expect(Unicode.Scalar(0x20000)!.terminalWidth == 2)
        #expect(Unicode.Scalar(0x00AD)!.terminalWidth == 1)   // soft hyphen
        #expect(Unicode.Scalar(0x0600)!.terminalWidth == 1)   // prepended concatenation mark
    }
}
