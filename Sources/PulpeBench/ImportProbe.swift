import Foundation
import PulpeDomain
import PulpeImport
import PulpeTestSupport

/// `pulpe import` (decision 90; the goal: a 2 000-entry statement parsed and matched against a 60 000-row
/// replica in ≤ 300 ms, release), inside the process: a CAMT.053 file of `entries` bookings (a
/// tenth of them batches of two) read by the XML reader, then every operation matched against
/// 24 months of `replicaRows` transactions — the part of an import that grows with the files.
enum ImportProbe {
    static func measure(entries: Int = 2000, replicaRows: Int = 60000, runs: Int, into samples: inout SampleSet) throws {
        let data = Data(statement(entries: entries).utf8)
        let replica = Self.replica(rows: replicaRows)
        let account = ImportAccount(server: "https://api.pulpe.app/api/v1", userId: "u")
        for _ in 0..<runs {
            let start = Monotonic.now()
            let statement = try CAMT053Reader.read(data)
            let parsed = Monotonic.milliseconds(from: start)
            let matched = ImportMatcher.match(statement.operations, replica: replica, account: account, timeZone: .utc)
            let total = Monotonic.milliseconds(from: start)
            guard matched.count >= entries, matched.contains(where: { !$0.isNew }) else {
                throw RunFailure(description: "the import probe matched \(matched.count) operations, none already in Pulpe")
            }
            samples.add("import", "parse a \(entries)-entry CAMT.053 statement", "ms", parsed)
            samples.add("import", "parse it and match it against \(replicaRows) rows", "ms", total)
        }
    }

    /// November 2026 bookings; every tenth a batch of two transactions.
    static func statement(entries: Int) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><Stmt>
            <Acct><Id><IBAN>CH5609000000250097798</IBAN></Id><Ccy>CHF</Ccy></Acct>
            """
        for index in 0..<entries {
            let day = 1 + index % 28
            let cents = 100 + (index * 37) % 20000
            let amount = "\(cents / 100).\(String(format: "%02d", cents % 100))"
            let date = "2026-11-\(String(format: "%02d", day))"
            if index % 10 == 9 {
                xml += """
                    <Ntry><Amt Ccy="CHF">\(amount)</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>\(date)</Dt></BookgDt>\
                    <AcctSvcrRef>B-\(index)</AcctSvcrRef><NtryDtls>\
                    <TxDtls><AmtDtls><TxAmt><Amt Ccy="CHF">1.00</Amt></TxAmt></AmtDtls><RltdPties><Cdtr><Nm>Lot \(index) A</Nm></Cdtr></RltdPties></TxDtls>\
                    <TxDtls><AmtDtls><TxAmt><Amt Ccy="CHF">\(amount)</Amt></TxAmt></AmtDtls><RltdPties><Cdtr><Nm>Lot \(index) B</Nm></Cdtr></RltdPties></TxDtls>\
                    </NtryDtls></Ntry>
                    """
            } else {
                xml += """
                    <Ntry><Amt Ccy="CHF">\(amount)</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>\(date)</Dt></BookgDt>\
                    <AcctSvcrRef>R-\(index)</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Commerce \(index % 300)</Nm></Cdtr>\
                    </RltdPties><RmtInf><Ustrd>Achat carte \(index)</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
                    """
            }
        }
        return xml + "</Stmt></BkToCstmrStmt></Document>"
    }

    /// 24 months of transactions, some of them the statement's own bookings entered by hand.
    static func replica(rows: Int) -> [BudgetDetails] {
        let perMonth = max(1, rows / 24)
        return (0..<24).map { offset in
            let month = BudgetMonth(year: 2025, month: 1).advanced(by: offset)
            let budget = Budget(id: "b-\(month)", createdAt: .distantPast, updatedAt: .distantPast, userId: "u", templateId: "t",
                                month: month.month, year: month.year, description: "")
            let transactions = (0..<perMonth).map { index -> Transaction in
                let day = 1 + index % 28
                let date = CalendarDay(year: month.year, month: month.month, day: day)!.startDate(in: .utc).addingTimeInterval(12 * 3600)
                let cents = 100 + (index * 37) % 20000
                return Transaction(id: "t-\(offset)-\(index)", createdAt: date, updatedAt: date, budgetId: budget.id,
                                   amount: Decimal(cents) / 100, name: "Commerce \(index % 300)", kind: .expense, transactionDate: date)
            }
            return BudgetDetails(budget: budget, transactions: transactions, budgetLines: [])
        }
    }
}
