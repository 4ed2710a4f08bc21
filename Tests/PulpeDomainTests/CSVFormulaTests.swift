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
