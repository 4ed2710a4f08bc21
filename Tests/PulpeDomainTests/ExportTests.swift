import Foundation
import PropertyBased
import Testing
@testable import PulpeDomain

/// `pulpe export` (decision 81): the journals, the CSV and the JSON written from the replica's months.
/// The goldens were checked with the tools themselves: `hledger check -s` passes on the journal and
/// gives the « Pointé » of each month (4600.00 and -2402.50) for `bal --cleared tag:month=… assets:pulpe`;
/// `bean-check` passes on the beancount file.
struct ExportTests {
    static let created = instant("2026-09-20T08:00:00+00:00")

    static func line(_ id: String, _ budget: String, _ name: String, _ kind: TransactionKind, _ amount: String,
                     checked: String? = nil) -> BudgetLine {
        BudgetLine(id: id, budgetId: budget, name: name, amount: dec(amount), kind: kind, checkedAt: checked.map(instant),
                   createdAt: created, updatedAt: created)
    }

    static func tx(_ id: String, _ budget: String, _ name: String, _ kind: TransactionKind, _ amount: String, at date: String,
                   line: String? = nil, checked: Bool) -> Transaction {
        let when = instant(date)
        return Transaction(id: id, createdAt: when, updatedAt: when, budgetId: budget, budgetLineId: line, amount: dec(amount),
                           name: name, kind: kind, transactionDate: when, checkedAt: checked ? when : nil)
    }

    static func budget(_ id: String, month: Int, updated: String, rollover: String? = nil, previous: String? = nil) -> Budget {
        Budget(id: id, createdAt: created, updatedAt: instant(updated), userId: "u-1", templateId: "tpl-1", month: month, year: 2026,
               rollover: rollover.map(dec), previousBudgetId: previous)
    }

    // October 2026 (pay day 25, so from late September): the income prévision and « Courses » checked,
    // one of the two purchases on « Courses » checked.
    static let octoberRows = [
        tx("t-101", "b-10", "Migros", .expense, "187.55", at: "2026-10-02T10:00:00+00:00", line: "l-cou-10", checked: true),
        tx("t-102", "b-10", "Coop", .expense, "30", at: "2026-10-05T09:00:00+00:00", line: "l-cou-10", checked: false),
    ]
    static let october = BudgetDetails(
        budget: budget("b-10", month: 10, updated: "2026-10-20T18:00:00+00:00"),
        transactions: octoberRows.reversed(),
        budgetLines: [line("l-sal-10", "b-10", "Salaire", .income, "5200", checked: "2026-09-25T06:00:00+00:00"),
                      line("l-cou-10", "b-10", "Courses", .expense, "600", checked: "2026-10-20T18:00:00+00:00")])

    // November 2026: a checked rent, a saving line, free rows (one on a line the month does not
    // list), names with a colon, quotes, a comma, a semicolon, accents, a leading parenthesis; the
    // café at 23:30 UTC on 31 October is on 1 November in Zurich.
    static let novemberRows = [
        tx("t-111", "b-11", #"Café "Chez Léa", Genève: terrasse"#, .expense, "12.5", at: "2026-10-31T23:30:00+00:00", checked: true),
        tx("t-112", "b-11", "(Remboursement) assurance", .income, "80", at: "2026-11-03T12:00:00+00:00", checked: true),
        tx("t-113", "b-11", "Virement épargne", .saving, "300", at: "2026-11-10T08:00:00+00:00", line: "l-epa-11", checked: true),
        tx("t-114", "b-11", "Cinéma; pop-corn", .expense, "20", at: "2026-11-20T19:00:00+00:00", line: "l-gone", checked: true),
    ]
    static let november = BudgetDetails(
        budget: budget("b-11", month: 11, updated: "2026-11-21T08:00:00+00:00", rollover: "4600", previous: "b-10"),
        transactions: novemberRows.reversed(),
        budgetLines: [line("l-sal-11", "b-11", "Salaire", .income, "5200"),
                      line("l-loy-11", "b-11", "Loyer: appart", .expense, "2150", checked: "2026-10-26T07:00:00+00:00"),
                      line("l-epa-11", "b-11", "Épargne  3e pilier", .saving, "500")])

    // December 2026, for the « Pointé » only: an income line of 0, lines over their amount, an
    // expense on an income line (Pulpe counts it nowhere), an income on an expense line, a third decimal.
    static let december = BudgetDetails(
        budget: budget("b-12", month: 12, updated: "2026-12-03T12:00:00+00:00"),
        transactions: [
            tx("x1", "b-12", "Marché", .expense, "350", at: "2026-11-26T12:00:00+00:00", line: "l-b", checked: true),
            tx("x2", "b-12", "Retrait", .expense, "40", at: "2026-11-27T12:00:00+00:00", line: "l-a", checked: true),
            tx("x3", "b-12", "Retour", .income, "25", at: "2026-11-28T12:00:00+00:00", line: "l-b", checked: true),
            tx("x4", "b-12", "Versement", .saving, "50", at: "2026-11-29T12:00:00+00:00", line: "l-c", checked: true),
            tx("x5", "b-12", "Frais", .expense, "99.999", at: "2026-11-30T12:00:00+00:00", checked: true),
            tx("x6", "b-12", "Prime", .income, "10", at: "2026-12-01T12:00:00+00:00", line: "l-missing", checked: true),
            tx("x7", "b-12", "Taxe", .expense, "7", at: "2026-12-02T12:00:00+00:00", line: "l-missing", checked: true),
            tx("x8", "b-12", "Voyage", .expense, "1000", at: "2026-12-03T12:00:00+00:00", checked: false),
        ],
        budgetLines: [line("l-a", "b-12", "Salaire", .income, "5000", checked: "2026-11-25T07:00:00+00:00"),
                      line("l-b", "b-12", "Courses", .expense, "300", checked: "2026-12-01T07:00:00+00:00"),
                      line("l-c", "b-12", "Épargne", .saving, "200", checked: "2026-12-02T07:00:00+00:00"),
                      line("l-d", "b-12", "Bonus", .income, "0", checked: "2026-12-03T07:00:00+00:00")])

    static let ledgerGolden = #"""
        ; Pulpe export: every month of the account, oldest first (hledger journal)
        commodity 1000.00 CHF

        account assets:pulpe
        account expenses:Courses
        account expenses:Loyer appart
        account expenses:hors prévision
        account income:Salaire
        account income:hors prévision
        account savings:Épargne 3e pilier

        ~ monthly from 2026-10-01 to 2026-11-01  prévisions 2026-10
            ; month:2026-10
            income:Salaire  -5200.00 CHF
            expenses:Courses  600.00 CHF
            assets:pulpe

        2026-09-25 * Salaire
            ; prevision:l-sal-10, month:2026-10
            assets:pulpe  5200.00 CHF
            income:Salaire  -5200.00 CHF

        2026-10-02 * Migros
            ; id:t-101, month:2026-10
            expenses:Courses  187.55 CHF
            assets:pulpe  -187.55 CHF

        2026-10-05 Coop
            ; id:t-102, month:2026-10
            expenses:Courses  30.00 CHF
            assets:pulpe  -30.00 CHF

        2026-10-20 * Courses
            ; prevision:l-cou-10, month:2026-10
            expenses:Courses  412.45 CHF
            assets:pulpe  -412.45 CHF

        ~ monthly from 2026-11-01 to 2026-12-01  prévisions 2026-11
            ; month:2026-11
            income:Salaire  -5200.00 CHF
            expenses:Loyer appart  2150.00 CHF
            savings:Épargne 3e pilier  500.00 CHF
            assets:pulpe

        2026-10-26 * Loyer: appart
            ; prevision:l-loy-11, month:2026-11
            expenses:Loyer appart  2150.00 CHF
            assets:pulpe  -2150.00 CHF

        2026-11-01 * Café "Chez Léa", Genève: terrasse
            ; id:t-111, month:2026-11
            expenses:hors prévision  12.50 CHF
            assets:pulpe  -12.50 CHF

        2026-11-03 * () (Remboursement) assurance
            ; id:t-112, month:2026-11
            assets:pulpe  80.00 CHF
            income:hors prévision  -80.00 CHF

        2026-11-10 * Virement épargne
            ; id:t-113, month:2026-11
            savings:Épargne 3e pilier  300.00 CHF
            assets:pulpe  -300.00 CHF

        2026-11-20 * Cinéma, pop-corn
            ; id:t-114, month:2026-11
            expenses:hors prévision  20.00 CHF
            assets:pulpe  -20.00 CHF
        """#

    static let beancountGolden = #"""
        ; Pulpe export: every month of the account, oldest first (beancount)
        option "operating_currency" "CHF"

        2026-09-25 open Assets:Pulpe
        2026-09-25 open Assets:Savings:Epargne-3e-pilier
        2026-09-25 open Expenses:Courses
        2026-09-25 open Expenses:Hors-prevision
        2026-09-25 open Expenses:Loyer-appart
        2026-09-25 open Income:Hors-prevision
        2026-09-25 open Income:Salaire

        2026-09-25 * "Salaire" ""
          prevision: "l-sal-10"
          month: "2026-10"
          Assets:Pulpe  5200.00 CHF
          Income:Salaire  -5200.00 CHF

        2026-10-02 * "Migros" ""
          id: "t-101"
          month: "2026-10"
          Expenses:Courses  187.55 CHF
          Assets:Pulpe  -187.55 CHF

        2026-10-05 ! "Coop" ""
          id: "t-102"
          month: "2026-10"
          Expenses:Courses  30.00 CHF
          Assets:Pulpe  -30.00 CHF

        2026-10-20 * "Courses" ""
          prevision: "l-cou-10"
          month: "2026-10"
          Expenses:Courses  412.45 CHF
          Assets:Pulpe  -412.45 CHF

        2026-10-26 * "Loyer: appart" ""
          prevision: "l-loy-11"
          month: "2026-11"
          Expenses:Loyer-appart  2150.00 CHF
          Assets:Pulpe  -2150.00 CHF

        2026-11-01 * "Café \"Chez Léa\", Genève: terrasse" ""
          id: "t-111"
          month: "2026-11"
          Expenses:Hors-prevision  12.50 CHF
          Assets:Pulpe  -12.50 CHF

        2026-11-03 * "(Remboursement) assurance" ""
          id: "t-112"
          month: "2026-11"
          Assets:Pulpe  80.00 CHF
          Income:Hors-prevision  -80.00 CHF

        2026-11-10 * "Virement épargne" ""
          id: "t-113"
          month: "2026-11"
          Assets:Savings:Epargne-3e-pilier  300.00 CHF
          Assets:Pulpe  -300.00 CHF

        2026-11-20 * "Cinéma; pop-corn" ""
          id: "t-114"
          month: "2026-11"
          Expenses:Hors-prevision  20.00 CHF
          Assets:Pulpe  -20.00 CHF
        """#

    static let csvGolden = [
        "date,month,name,amount,kind,prevision,checked,id",
        "2026-10-02,2026-10,Migros,187.55,expense,Courses,true,t-101",
        "2026-10-05,2026-10,Coop,30.00,expense,Courses,false,t-102",
        #"2026-11-01,2026-11,"Café ""Chez Léa"", Genève: terrasse",12.50,expense,,true,t-111"#,
        "2026-11-03,2026-11,(Remboursement) assurance,80.00,income,,true,t-112",
        "2026-11-10,2026-11,Virement épargne,300.00,saving,Épargne  3e pilier,true,t-113",
        "2026-11-20,2026-11,Cinéma; pop-corn,20.00,expense,,true,t-114",
    ]

    @Test func theLedgerJournalIsTheGolden() {
        let text = AccountExport.render([Self.november, Self.october], format: .ledger, currency: .chf, in: zurich)
        #expect(text == Self.ledgerGolden + "\n")
    }

    @Test func theBeancountFileIsTheGolden() {
        let text = AccountExport.render([Self.november, Self.october], format: .beancount, currency: .chf, in: zurich)
        #expect(text == Self.beancountGolden + "\n")
    }

    @Test func theCSVIsTheGoldenWithCRLFLineEnds() {
        let text = AccountExport.render([Self.november, Self.october], format: .csv, currency: .chf, in: zurich)
        #expect(text == Self.csvGolden.joined(separator: "\r\n") + "\r\n")
    }

    @Test func theClearedBalanceOfEachMonthIsItsPointe() {
        let months = [Self.october, Self.november, Self.december]
        let journal = AccountExport.render(months, format: .ledger, currency: .chf, in: zurich)
        let cleared = Self.clearedAssets(journal)
        for details in months {
            let pointe = CheckedFigures(lines: details.budgetLines, transactions: details.transactions)
            #expect(cleared[details.budget.budgetMonth.description, default: 0] == pointe.realizedIncome - pointe.realizedExpenses)
        }
        #expect(cleared["2026-10"] == 4600)
        #expect(cleared["2026-11"] == dec("-2402.5"))
        // 5000 + 25 + 10 (income) − 350 − 200 − 99.999 − 7 (expenses); the 40 on « Salaire » counts nowhere.
        #expect(cleared["2026-12"] == dec("4378.001"))
        #expect(journal.contains("\n2026-11-27 ! Retrait\n"), "ticked, yet outside the « Pointé »: pending")
        #expect(journal.contains("    expenses:hors prévision  99.999 CHF\n"), "never rounded")
    }

    @Test func anyMonthsClearedBalanceIsItsPointe() async {
        await propertyCheck(input: MonthScanProperties.lines, MonthScanProperties.transactions) { lines, transactions in
            // The server lists a line once: one listing per id.
            var seen = Set<String>()
            let unique = lines.filter { seen.insert($0.id).inserted }
            let details = BudgetDetails(budget: MonthScanProperties.budget, transactions: transactions, budgetLines: unique)
            let journal = AccountExport.render([details], format: .ledger, currency: .chf, in: utc)
            let pointe = CheckedFigures(lines: unique, transactions: transactions)
            #expect(Self.clearedAssets(journal)["2026-11", default: 0] == pointe.realizedIncome - pointe.realizedExpenses)
        }
    }

    @Test func jsonIsTheShapeOfTheServersExport() throws {
        let text = AccountExport.render([Self.november, Self.october], format: .json, currency: .chf, in: zurich)
        #expect(text.hasPrefix(#"{"budgets":[{"budgetLines":[{"#))
        #expect(text.hasSuffix(#""exportDate":"2026-11-21T08:00:00.000000+00:00","totalBudgets":2}"# + "\n"))
        #expect(text.contains(#""amount":187.55"#), "money as JSON numbers")
        let decoded = try decode(AccountExportData.self, text)
        #expect(decoded.exportDate == "2026-11-21T08:00:00.000000+00:00", "the newest change, not the clock")
        let expected = [
            BudgetDetails(budget: Self.october.budget, transactions: Self.octoberRows, budgetLines: Self.october.budgetLines),
            BudgetDetails(budget: Self.november.budget, transactions: Self.novemberRows, budgetLines: Self.november.budgetLines),
        ]
        #expect(decoded.months == expected, "oldest month first, rows by day")
    }

    @Test func anEmptyAccountIsJustTheHeaders() {
        func render(_ format: ExportFormat) -> String { AccountExport.render([], format: format, currency: .eur, in: utc) }
        #expect(render(.ledger) == "; Pulpe export: every month of the account, oldest first (hledger journal)\ncommodity 1000.00 EUR\n")
        #expect(render(.beancount) == "; Pulpe export: every month of the account, oldest first (beancount)\noption \"operating_currency\" \"EUR\"\n")
        #expect(render(.csv) == "date,month,name,amount,kind,prevision,checked,id\r\n")
        #expect(render(.json) == #"{"budgets":[],"totalBudgets":0}"# + "\n")
    }

    @Test func namesAreMadeSafeForEachFormat() {
        #expect(ExportNames.ledgerSegment("Loyer: appart") == "Loyer appart")
        #expect(ExportNames.ledgerSegment("  a\t;b\u{00A0} c\n") == "a ,b c")
        #expect(ExportNames.ledgerSegment(" :: ") == "sans nom")
        #expect(ExportNames.ledgerDescription("a;b: c\r\nd") == "a,b: c d")
        #expect(ExportNames.ledgerTagValue("a b,c") == "a_b_c")
        #expect(ExportNames.beancountSegment("Épicerie") == "Epicerie")
        #expect(ExportNames.beancountSegment("E\u{0301}picerie") == "Epicerie", "a decomposed accent is dropped too")
        #expect(ExportNames.beancountSegment("hors prévision") == "Hors-prevision")
        #expect(ExportNames.beancountSegment("Cœur & âme") == "Coeur-ame")
        #expect(ExportNames.beancountSegment("2e pilier") == "2e-pilier")
        #expect(ExportNames.beancountSegment("日本") == "X")
        #expect(ExportNames.beancountString(#"a "b" \ c"#) == #""a \"b\" \\ c""#)
        #expect(ExportNames.csvField("plain") == "plain")
        #expect(ExportNames.csvField(#"say "hi", twice"#) == #""say ""hi"", twice""#)
        #expect(ExportNames.csvField("two\nlines") == "\"two\nlines\"")
    }

    @Test func amountsHaveTwoDecimalsAndNeverLoseOne() {
        #expect(ExportNames.amount(dec("45")) == "45.00")
        #expect(ExportNames.amount(dec("-5200")) == "-5200.00")
        #expect(ExportNames.amount(dec("0.5")) == "0.50")
        #expect(ExportNames.amount(0) == "0.00")
        #expect(ExportNames.amount(dec("1234567.8")) == "1234567.80")
        #expect(ExportNames.amount(dec("99.999")) == "99.999")
        #expect(ExportNames.amount(dec("-0.000001")) == "-0.000001")
    }

    /// The cleared `assets:pulpe` postings of a journal, summed per `month:` tag: what
    /// `hledger bal --cleared tag:month=YYYY-MM assets:pulpe` adds up.
    static func clearedAssets(_ journal: String) -> [String: Decimal] {
        var sums: [String: Decimal] = [:]
        for block in journal.components(separatedBy: "\n\n") {
            let lines = block.split(separator: "\n").map(String.init)
            guard let header = lines.first, header.first?.isNumber == true else { continue }
            let words = header.split(separator: " ")
            guard words.count > 1, words[1] == "*" else { continue }
            guard let tags = lines.first(where: { $0.hasPrefix("    ; ") }), let range = tags.range(of: "month:") else { continue }
            let month = String(tags[range.upperBound...].prefix { $0 != "," })
            for posting in lines where posting.hasPrefix("    assets:pulpe  ") {
                let amount = posting.dropFirst("    assets:pulpe  ".count).replacingOccurrences(of: " CHF", with: "")
                sums[month, default: 0] += dec(amount)
            }
        }
        return sums
    }
}
