import Foundation
import Testing
@testable import PulpeDomain

/// The CSV export's text cells cannot run as spreadsheet formulas (decision 96, OWASP's rule): a cell
/// beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`; the rest, and
/// the amounts, are as they were.
struct CSVFormulaTests {
    @Test(arguments: [
        ("=1+2", "'=1+2"),
        ("+41 79 000 00 00", "'+41 79 000 00 00"),
        ("-12.50", "'-12.50"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\tonglet", "'\tonglet"),
        ("\rretour", "\"'\rretour\""),
        (#"=HYPERLINK("http://x","clic")"#, #""'=HYPERLINK(""http://x"",""clic"")""#),
        ("=a,b", "\"'=a,b\""),
        ("Migros", "Migros"),
        ("Café = bon", "Café = bon"),
        ("a-b", "a-b"),
        ("'déjà", "'déjà"),
        ("", ""),
        ("＝1+2", "＝1+2"),
    ] as [(String, String)])
    func textCell(name: String, cell: String) {
        #expect(ExportNames.csvText(name) == cell)
    }

    @Test func amountsStayNumbers() {
        #expect(ExportNames.amount(Decimal(string: "-12.5")!) == "-12.50")
    }

    @Test func aRowOfTheExportNeutralisesItsNameAndPrevisionNotItsAmount() {
        let month = BudgetDetails(
            budget: ExportTests.budget("b-12", month: 12, updated: "2026-12-02T08:00:00+00:00"),
            transactions: [ExportTests.tx("t-1", "b-12", "=1+2", .expense, "12.5", at: "2026-12-01T10:00:00+00:00",
                                          line: "l-1", checked: false)],
            budgetLines: [ExportTests.line("l-1", "b-12", "@courses", .expense, "100")])
        let csv = AccountExport.render([month], format: .csv, currency: .chf, in: utc)
        #expect(csv == "date,month,name,amount,kind,prevision,checked,id\r\n2026-12-01,2026-12,'=1+2,12.50,expense,'@courses,false,t-1\r\n")
    }
}

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
