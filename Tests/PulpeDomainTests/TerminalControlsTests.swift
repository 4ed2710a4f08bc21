import Foundation
import Testing
@testable import PulpeDomain

/// The one list of controls a terminal obeys, and how the shell and the import show them.
struct TerminalControlsTests {
    @Test func theControlsAreC0C1DelAndTheSeparators() {
        for value in [0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9B, 0x9F, 0x2028, 0x2029] as [UInt32] {
            #expect(Unicode.Scalar(value)!.isTerminalControl, "U+\(String(value, radix: 16))")
        }
        for value in [0x20, 0x7E, 0xA0, 0xE9, 0x200B, 0x202F] as [UInt32] {
            #expect(!Unicode.Scalar(value)!.isTerminalControl, "U+\(String(value, radix: 16))")
        }
    }

    @Test func visibleWritesEachControlAsAJSONEscape() {
        #expect(TerminalControls.visible("X\u{1B}[31mY\u{07}\u{9B}2J") == #"X\u001b[31mY\u0007\u009b2J"#)
        #expect(TerminalControls.visible("a\nb\tc\u{2028}") == #"a\u000ab\u0009c\u2028"#)
        #expect(TerminalControls.visible("a\nb\u{1B}", keeping: "\n") == "a\nb\\u001b")
        #expect(TerminalControls.visible("Épicerie — 12.50 CHF") == "Épicerie — 12.50 CHF")
    }

    @Test func visibleJSONReadsBackTheSameText() throws {
        let name = "X\u{1B}]0;t\u{07}\u{9B}\u{85}\u{7F}\u{2028}Y"
        let json = try JSONSerialization.data(withJSONObject: ["name": name])
        let shown = TerminalControls.visible(String(decoding: json, as: UTF8.self), keeping: "\n")
        #expect(!TerminalControls.contains(shown))
        let back = try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: String]
        #expect(back?["name"] == name)
    }

    @Test func spacedMakesEachRunOfControlsOneSpace() {
        #expect(TerminalControls.spaced("COOP\u{1B}[31m\r\nGENEVE") == "COOP [31m GENEVE")
        #expect(TerminalControls.spaced("\u{1B}\u{07}Migros\n") == "Migros")
        #expect(TerminalControls.spaced("a \u{1B} b") == "a  b")
        #expect(TerminalControls.spaced("\u{1B}\u{9B}") == "")
        #expect(TerminalControls.spaced("Migros") == "Migros")
    }

    @Test func typedNamesWithAControlAreRefused() {
        #expect(ExpenseRules.name("X\u{1B}[31mY") == .failure(.nameHasControl))
        #expect(ExpenseRules.name("a\tb") == .failure(.nameHasControl))
        #expect(ExpenseRules.name("  Café\n") == .success("Café"), "a line break at the end is trimmed, not refused")
        #expect(TagRules.name("A\u{07}B") == .failure(.nameHasControl))
        #expect(TagRules.name("Mon tag") == .success("Mon tag"))
    }
}
