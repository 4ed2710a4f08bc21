import Foundation
import PulpeDomain
import Testing
@testable import PulpeImport

/// The statements' one amount grammar (decision 97) as a table: each file's amount column,
/// what it reads as or where and why it is refused; then the same through whole CSV files, their
/// encodings, and CAMT.053's own stricter amounts.
struct StatementAmountTests {
    /// A file's amounts, each at line `index + 2` (under a header), column 3.
    static func read(_ texts: [String]) throws(StatementError) -> [Decimal] {
        try StatementAmount.read(texts.enumerated().map { StatementAmount.Cell($0.element, line: $0.offset + 2, column: 3) }).map(\.value)
    }

    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    static let readings: [(file: [String], values: [String])] = [
        // One amount, each way a statement writes it.
        (["1.850,00"], ["1850"]), (["1'850.00"], ["1850"]), (["1’850.00"], ["1850"]), (["1 850,00"], ["1850"]),
        (["1\u{00A0}850,00"], ["1850"]), (["1\u{202F}850,00"], ["1850"]), (["1\u{2009}850.00"], ["1850"]),
        (["1850.00"], ["1850"]), (["-1850"], ["-1850"]), (["12.50-"], ["-12.5"]), (["−12.00"], ["-12"]), (["+5"], ["5"]),
        (["12.345,67"], ["12345.67"]), (["1234,5"], ["1234.5"]), (["1,850.00"], ["1850"]), (["1.850.000"], ["1850000"]),
        (["1'234'567.89"], ["1234567.89"]), (["0,05"], ["0.05"]), ([" -1.850,00 "], ["-1850"]),
        (["CHF 1'850.00"], ["1850"]), (["-12.00 EUR"], ["-12"]), (["CHF -12.00"], ["-12"]), (["1850.00CHF"], ["1850"]),
        // A lone `.`/`,` before three digits, nothing else in the file: a thousands group.
        (["1.850"], ["1850"]), (["1,850"], ["1850"]), (["-2.300"], ["-2300"]),
        // … unless it cannot be one (a first group of 0), or the file says otherwise.
        (["0.850"], ["0.85"]), (["12.50", "1.850"], ["12.5", "1.85"]), (["1.850", "12.50"], ["1.85", "12.5"]),
        (["1.850,00", "1.850"], ["1850", "1850"]), (["12,50", "1.850"], ["12.5", "1850"]), (["1,850", "0,5"], ["1.85", "0.5"]),
        // The file: decimal commas and dot thousands.
        (["-1.850,00", "6.200,00", "-12.345,67", "-84,35"], ["-1850", "6200", "-12345.67", "-84.35"]),
        (["-1'850.00", "6200", "12.50-"], ["-1850", "6200", "-12.5"]),
    ]

    @Test(arguments: readings)
    func eachFormReadsExactly(_ file: [String], _ values: [String]) throws {
        #expect(try Self.read(file) == values.map(Self.decimal), "\(file)")
    }

    static let refusals: [(file: [String], text: String, line: Int, why: StatementAmount.Refusal)] = [
        (["12.00", "1.85x"], "1.85x", 3, .notAnAmount), (["12,3,4"], "12,3,4", 2, .notAnAmount),
        (["1.850,00", "1.850.00"], "1.850.00", 3, .notAnAmount), (["-"], "-", 2, .notAnAmount), (["1..5"], "1..5", 2, .notAnAmount),
        (["--12"], "--12", 2, .notAnAmount), (["12-3"], "12-3", 2, .notAnAmount), (["1e3"], "1e3", 2, .notAnAmount),
        (["(12.00)"], "(12.00)", 2, .notAnAmount), (["12.50 CHF EUR"], "12.50 CHF EUR", 2, .notAnAmount),
        (["CHF"], "CHF", 2, .notAnAmount), (["١٢"], "١٢", 2, .notAnAmount), ([".50"], ".50", 2, .notAnAmount),
        (["1234567890123456789"], "1234567890123456789", 2, .notAnAmount), (["12  50"], "12  50", 2, .notAnAmount),
        // Marks mixed within a file.
        (["1.850,00", "12.50"], "12.50", 3, .otherMarks), (["12.50", "1,50"], "1,50", 3, .otherMarks),
        (["1'850.00", "1 850.00"], "1 850.00", 3, .otherMarks), (["12.50", "1 234.50", "12'000,00"], "12'000,00", 4, .otherMarks), (["12,5", "1,850.00"], "1,850.00", 3, .otherMarks),
        // `.` and `,` each alone before three digits: one of them is the decimal mark, which is not written.
        (["1.850", "20", "2,300"], "2,300", 4, .ambiguous),
    ]

    @Test(arguments: refusals)
    func eachRefusalSaysWhere(_ file: [String], _ text: String, _ line: Int, _ why: StatementAmount.Refusal) {
        #expect(throws: StatementError.unreadableAmount(text, line: line, column: 3, why)) { try Self.read(file) }
    }

    @Test func aCurrencyCodeIsKeptWithItsAmount() throws {
        let read = try StatementAmount.read([.init("-12.00 EUR", line: 2, column: 1), .init("5", line: 3, column: 1)])
        #expect(read.map(\.currency) == ["EUR", nil])
    }

    // MARK: Whole CSV files

    static func csv(_ text: String) throws(StatementError) -> [BankOperation] {
        try CSVStatementReader.read(Data(text.utf8)).operations
    }

    @Test func aDecimalCommaFileReadsExactly() throws {
        let operations = try Self.csv("""
            Buchungsdatum;Buchungstext;Betrag
            01.11.2026;Miete;-1.850,00
            25.11.2026;Lohn;6.200,00

            27.11.2026;Steuern;-12.345,67
            """)
        #expect(operations.map(\.signedAmount) == [-1850, 6200, Self.decimal("-12345.67")])
    }

    /// The line is the file's (the blank one counted), the column the field's.
    @Test func anAmountThatDoesNotReadRefusesTheFileWithWhere() {
        let rows = (1...9).map { "0\($0).11.2026;Achat \($0);-\($0).50" }
        let text = (["Datum;Text;Betrag"] + rows + ["", "10.11.2026;Kiosk;-1.85x", "11.11.2026;Kiosk;-2.00"]).joined(separator: "\n")
        #expect(throws: StatementError.unreadableAmount("-1.85x", line: 12, column: 3, .notAnAmount)) { try Self.csv(text) }
        #expect(throws: StatementError.unreadableAmount("1.50", line: 3, column: 4, .otherMarks)) {
            try Self.csv("Datum;Text;Belastung;Gutschrift\n01.11.2026;A;1.850,00;\n02.11.2026;B;;1.50\n")
        }
    }

    @Test func aCodeWithTheAmountIsItsCurrencyAndMayNotContradictTheColumn() throws {
        #expect(try Self.csv("Date;Text;Amount\n2026-11-01;Hotel;-120.00 EUR\n").map(\.currency) == ["EUR"])
        #expect(throws: StatementError.unreadableAmount("-120.00 EUR", line: 2, column: 3, .otherCurrency("CHF"))) {
            try Self.csv("Date;Text;Amount;Currency\n2026-11-01;Hotel;-120.00 EUR;CHF\n")
        }
    }

    // MARK: Encodings

    /// Latin-1 bytes: decoded, accents kept — the header's `Libellé` too, or no column would be found.
    @Test func aLatin1FileKeepsItsAccents() throws {
        var data = Data("Date;Libell".utf8)
        data.append(contentsOf: [0xE9])
        data.append(Data(";Montant\n2026-11-02;Caf".utf8))
        data.append(contentsOf: [0xE9])
        data.append(Data(" du Gr".utf8))
        data.append(contentsOf: [0xFC])
        data.append(Data("tli;-4.50\n".utf8))
        let operations = try CSVStatementReader.read(data).operations
        #expect(operations.map(\.name) == ["Café du Grütli"])
        #expect(operations.map(\.signedAmount) == [Self.decimal("-4.5")])
    }

    /// Windows-1252's 0x80–0x9F are its signs (€, ’, œ), not C1 controls: `1’850.00` written with
    /// 0x92 groups its thousands.
    @Test func windows1252SignsAreMapped() throws {
        var data = Data("Date;Text;Amount\n2026-11-02;Cr".utf8)
        data.append(contentsOf: [0xE8])
        data.append(Data("che ".utf8))
        data.append(contentsOf: [0x80])
        data.append(Data(" l".utf8))
        data.append(contentsOf: [0x92, 0x9C])
        data.append(Data("uvre;-1".utf8))
        data.append(contentsOf: [0x92])
        data.append(Data("850.00\n".utf8))
        let operations = try CSVStatementReader.read(data).operations
        #expect(operations.map(\.name) == ["Crèche € l’œuvre"])
        #expect(operations.map(\.signedAmount) == [-1850])
        let (text, encoding) = try StatementText.decode(Data([0x41, 0x81, 0x8D, 0x8F, 0x90, 0x9D, 0x9F, 0xFF]))
        #expect(encoding == .windows1252)
        #expect(text.unicodeScalars.map(\.value) == [0x41, 0x81, 0x8D, 0x8F, 0x90, 0x9D, 0x178, 0xFF], "the five undefined bytes are their C1 controls")
        #expect(!text.unicodeScalars.contains("\u{FFFD}"))
    }

    @Test func utf8WithOrWithoutBOM() throws {
        let text = "Date;Libellé;Montant\n2026-11-02;Café € l’œuvre;-4.50\n"
        #expect(try CSVStatementReader.read(Data(text.utf8)).operations.map(\.name) == ["Café € l’œuvre"])
        #expect(try CSVStatementReader.read(Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)).operations.map(\.name) == ["Café € l’œuvre"])
        let decoded = try StatementText.decode(Data([0xEF, 0xBB, 0xBF]) + Data("é".utf8))
        #expect(decoded.text == "é" && decoded.encoding == .utf8)
        // A BOM says UTF-8: a Latin-1 byte after it is refused with where, not guessed.
        var lying = Data([0xEF, 0xBB, 0xBF]) + Data("Date;Text;Amount\n2026-11-02;Caf".utf8)
        lying.append(contentsOf: [0xE9])
        #expect(throws: StatementError.notUTF8(line: 2, column: 15)) { try CSVStatementReader.read(lying) }
    }

    // MARK: CAMT.053

    static let isoAmounts: [(String, String?)] = [
        ("1850.00", "1850"), ("0.5", "0.5"), ("12", "12"), ("+3.10", "3.1"), ("12.12345", "12.12345"), (".5", "0.5"),
        ("12abc", nil), ("1,850.00", nil), ("1'850.00", nil), ("-5", nil), ("1e3", nil), ("", nil), (".", nil),
        ("12.123456", nil), ("1234567890123456789", nil), ("12 ", nil), ("1.2.3", nil), ("٣", nil),
    ]

    @Test(arguments: isoAmounts)
    func iso20022AmountsAreStrict(_ text: String, _ expected: String?) {
        #expect(StatementAmount.iso20022(text) == expected.map(Self.decimal), "« \(text) »")
    }

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)"))
    }

    /// Defect 5: an entry without its mandatory `Ntry/Amt` is not made up from its details'
    /// amounts: the file is malformed — refused at the entry, nothing read (the good entry
    /// before it neither).
    @Test func anEntryWithoutItsAmtRefusesTheFile() throws {
        #expect(throws: StatementError.incompleteEntry("Amt", line: 16)) { try StatementReader.read(try Self.fixture("entry-without-amt.xml")) }
        #expect(StatementError.incompleteEntry("Amt", line: 16).failure == .incompleteEntry(element: "Amt", line: 16))
    }

    /// `Decimal(string:)` read `12abc` as 12: an amount that is not ISO 20022's is refused where its
    /// element ends (the parser's line and column after `</Amt>`), an entry's or a balance's.
    @Test func aCamtAmountWithGarbageRefusesTheFile() throws {
        let good = String(decoding: try Self.fixture("postfinance-camt053-001-04.xml"), as: UTF8.self)
        let entry = good.replacingOccurrences(of: "<Amt Ccy=\"CHF\">7450.00</Amt>", with: "<Amt Ccy=\"CHF\">7450.00abc</Amt>")
        #expect(throws: StatementError.unreadableAmount("7450.00abc", line: 31, column: 40, .notISO20022)) {
            try StatementReader.read(Data(entry.utf8))
        }
        let balance = good.replacingOccurrences(of: "<Amt Ccy=\"CHF\">2450.10</Amt>", with: "<Amt Ccy=\"CHF\">2'450.10</Amt>")
        #expect(throws: StatementError.unreadableAmount("2'450.10", line: 20, column: 38, .notISO20022)) {
            try StatementReader.read(Data(balance.utf8))
        }
        #expect(StatementError.unreadableAmount("12abc", line: 3, column: 9, .notISO20022).failure == .unreadableAmount("12abc", line: 3, column: 9))
    }

    /// `CdtDbtInd` holds `CRDT` or `DBIT`: any other word refuses the file (it read as a debit, so a
    /// credit written `CRDIT` became an expense); a zero amount moves nothing and makes no operation.
    @Test func aCamtDirectionIsCRDTOrDBITAndAZeroAmountMakesNothing() throws {
        let good = String(decoding: try Self.fixture("postfinance-camt053-001-04.xml"), as: UTF8.self)
        let before = try StatementReader.read(Data(good.utf8)).operations
        let rent = good.replacingOccurrences(of: "<Amt Ccy=\"CHF\">2150.00</Amt>\n        <CdtDbtInd>DBIT</CdtDbtInd>",
                                             with: "<Amt Ccy=\"CHF\">2150.00</Amt>\n        <CdtDbtInd>DEBIT</CdtDbtInd>")
        #expect(rent != good)
        #expect(throws: StatementError.incompleteEntry("CdtDbtInd", line: 49)) { try StatementReader.read(Data(rent.utf8)) }
        let waived = good.replacingOccurrences(of: "<Amt Ccy=\"CHF\">84.35</Amt>", with: "<Amt Ccy=\"CHF\">0.00</Amt>")
        let after = try StatementReader.read(Data(waived.utf8)).operations
        #expect(after.count == before.count - 1 && !after.contains { $0.amount == 0 }, "\(after.map(\.amount))")
    }

    /// A CSV with a debit and a credit column: the one written `0.00` is not the row's amount (it
    /// was, and the credit was lost); two amounts other than zero on one row refuse the file.
    @Test func aDebitAndACreditOnOneRow() throws {
        let rows = try Self.csv("Datum;Text;Belastung;Gutschrift\n01.11.2026;A;0.00;50.00\n02.11.2026;B;12.50;0.00\n")
        #expect(rows.map(\.signedAmount) == [50, -12.5])
        #expect(throws: StatementError.unreadableRow(line: 3, "both a debit and a credit")) {
            try Self.csv("Datum;Text;Belastung;Gutschrift\n01.11.2026;A;;50.00\n02.11.2026;B;12.50;3.00\n")
        }
    }
}
