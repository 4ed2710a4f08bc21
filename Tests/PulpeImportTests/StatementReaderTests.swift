import Foundation
import PulpeCore
import PulpeDomain
import Testing
@testable import PulpeImport

/// The statement readers (decision 90) against fixtures written from the SIX Swiss Payment Standards
/// and the ISO 20022 schemas: each with its expected operations; the balances check; the
/// malformed and hostile ones refused with where, nothing read.
struct StatementReaderTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)"))
    }

    static func day(_ text: String) -> CalendarDay { CSVStatementReader.day(text)! }

    @Test func postFinanceCamt053Version04() throws {
        let statement = try StatementReader.read(try Self.fixture("postfinance-camt053-001-04.xml"))
        #expect(statement.format == .camt053 && statement.version == "camt.053.001.04")
        let account = try #require(statement.accounts.first)
        #expect(account.account == "CH5609000000250097798" && account.currency == "CHF")
        #expect(account.opening == Decimal(string: "2450.10") && account.closing == Decimal(string: "2599.35"))
        #expect(account.isBalanced == true, "closing = opening + the entries")
        let operations = account.operations
        #expect(operations.map(\.name) == ["Horlogerie du Léman SA", "Régie du Rhône", "ACHAT/SERVICE DEBIT CARD MIGROS PLAINPALAIS GENEVE",
                                           "EXTOURNE ACHAT KIOSQUE", "Groupe Mutuel", "SIG Services Industriels", "Hôtel des Alpes, Chamonix"])
        #expect(operations.map(\.amount) == [7450, 2150, Decimal(string: "84.35")!, 12, Decimal(string: "862.40")!,
                                             Decimal(string: "487.60")!, Decimal(string: "3728.40")!])
        #expect(operations.map(\.kind) == [.income, .expense, .expense, .income, .expense, .expense, .expense])
        #expect(operations[0].date == Self.day("2026-11-25") && operations[0].details == "Salaire novembre 2026")
        #expect(operations[0].reference == "PF-20261125-000117")
        #expect(operations[1].details == "210000000003139471430009017", "a structured creditor reference")
        #expect(operations[3].isReversal && operations.filter(\.isReversal).count == 1)
        #expect(operations[4].reference == "PF-20261127-000450-1" && operations[5].reference == "PF-20261127-000450-2",
                "each transaction of a batch, under its own reference")
        #expect(operations[6].currency == "CHF", "the booked amount, not the instructed EUR")
    }

    /// The versions between: the same bookings under each namespace read the same.
    @Test(arguments: ["02", "03", "05", "06", "07"])
    func everyVersionBetween(_ version: String) throws {
        let text = String(decoding: try Self.fixture("postfinance-camt053-001-04.xml"), as: UTF8.self)
            .replacingOccurrences(of: "camt.053.001.04", with: "camt.053.001.\(version)")
        let statement = try StatementReader.read(Data(text.utf8))
        #expect(statement.version == "camt.053.001.\(version)")
        #expect(statement.operations.count == 7 && statement.accounts.first?.isBalanced == true)
    }

    @Test func ubsCamt053Version08WithTwoAccounts() throws {
        let statement = try StatementReader.read(try Self.fixture("ubs-camt053-001-08.xml"))
        #expect(statement.version == "camt.053.001.08" && statement.accounts.count == 2)
        #expect(statement.accounts[0].isBalanced == true, "a debit opening balance is negative")
        #expect(statement.accounts[0].operations.map(\.name) == ["Léa Martin", "Coop Genève Cornavin"])
        #expect(statement.accounts[0].operations[0].date == Self.day("2026-11-05"), "a booking date-time's day")
        #expect(statement.accounts[0].operations.allSatisfy { $0.reference == nil })
        let euros = statement.accounts[1]
        #expect(euros.account == "0762-00123456.01" && euros.currency == "EUR")
        #expect(euros.operations.map(\.currency) == ["EUR"], "another currency is said, for the review to flag")
    }

    @Test(arguments: [("billion-laughs.xml", StatementError.declaresDocumentType), ("external-entity.xml", .declaresDocumentType),
                      ("wrong-message.xml", .notAStatement("Document"))])
    func hostileAndForeignFilesAreRefused(_ name: String, _ expected: StatementError) throws {
        #expect(throws: expected) { try StatementReader.read(try Self.fixture(name)) }
    }

    @Test func aTruncatedFileSaysWhere() throws {
        do {
            _ = try StatementReader.read(try Self.fixture("truncated.xml"))
            Issue.record("a truncated file was read")
        } catch let error as StatementError {
            guard case let .malformed(_, line, _) = error else { Issue.record("\(error)"); return }
            #expect(line > 1, "\(error)")
        }
    }

    /// Found by the `camt053` fuzz target: an element name of bytes that are not UTF-8 made
    /// FoundationXML trap (the app would crash on such a file). UTF-8 is checked first, with where;
    /// a declared other encoding is refused too (and a UTF-16 file cannot slip past the DTD check).
    @Test func bytesThatAreNotUTF8AreRefusedWithWhere() throws {
        var bad = Data("<?xml version=\"1.0\"?>\n<Document>\n<Ms".utf8)
        bad.append(contentsOf: [0xFF, 0xFE])
        bad.append(contentsOf: Data("/>\n</Document>\n".utf8))
        #expect(throws: StatementError.notUTF8(line: 3, column: 4)) {
            try CAMT053Reader.read(bad)
        }
        let latin1 = Data("<?xml version='1.0' encoding='ISO-8859-1'?><Document/>".utf8)
        #expect(throws: StatementError.otherEncoding("ISO-8859-1")) {
            try CAMT053Reader.read(latin1)
        }
        var utf16 = Data([0xFF, 0xFE])
        utf16.append("<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY a \"aaaa\">]><Document>&a;</Document>".data(using: .utf16LittleEndian)!)
        #expect(throws: (any Error).self) { try CAMT053Reader.read(utf16) }
        let crash = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fuzz/regressions/camt053/invalid-utf8-element-name.xml"))
        #expect(throws: (any Error).self) { try CAMT053Reader.read(crash) }
        #expect(CAMT053Reader.encodingProblem(Data("\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?><a>é</a>".utf8)) == nil)
    }

    @Test func anEntryWithoutAmountSaysWhere() throws {
        #expect(throws: StatementError.incompleteEntry("Amt", line: 3)) { try StatementReader.read(try Self.fixture("missing-amount.xml")) }
        #expect(throws: StatementError.tooLarge(limit: CAMT053Reader.sizeLimit)) {
            try CAMT053Reader.read(Data(count: CAMT053Reader.sizeLimit + 1))
        }
    }

    @Test func csvInSwissGermanFrenchAndEnglish() throws {
        let postFinance = try StatementReader.read(try Self.fixture("postfinance.csv")).operations
        #expect(postFinance.map(\.signedAmount) == [Decimal(string: "-84.35")!, 300], "the total line is skipped")
        #expect(postFinance.map(\.name) == ["Kauf/Dienstleistung vom 02.11.2026 Kartennummer: 1234 MIGROS GENEVE", "Gutschrift Lea Martin; Twint"])
        #expect(postFinance[0].date == Self.day("2026-11-03"))
        let french = try StatementReader.read(try Self.fixture("francais.csv")).operations
        #expect(french.map(\.signedAmount) == [Decimal(string: "-1234.50")!, Decimal(string: "89.90")!])
        #expect(french[0].name == "Coop Cornavin, Genève")
        let english = try StatementReader.read(try Self.fixture("english.csv")).operations
        #expect(english.map(\.signedAmount) == [Decimal(string: "-12.95")!, 5] && english[0].date == Self.day("2026-11-12"))
    }

    @Test func csvColumnsGivenWhenDetectionFails() throws {
        let data = Data("Tag;Wert;Was\n01.11.2026;-5.00;Kiosk\n".utf8)
        #expect(throws: StatementError.unknownColumns(header: ["Tag", "Wert", "Was"])) { try StatementReader.read(data) }
        let given = try StatementReader.read(data, columns: "date=Tag,amount=2,name=Was").operations
        #expect(given.map(\.name) == ["Kiosk"] && given[0].signedAmount == -5)
    }

    /// Without libxml2 on the machine a CAMT.053 file is not « malformed at line 0 »: a reason of
    /// its own, which the TUI and the CLI (exit 72) say as a missing package.
    @Test func aMissingXMLLibraryIsItsOwnReason() {
        #expect(StatementError.readerMissing.failure == .readerMissing)
        #expect(StatementError.readerMissing.description.contains("install the package libxml2"))
    }
}
