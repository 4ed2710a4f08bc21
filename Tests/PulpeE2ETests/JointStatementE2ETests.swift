import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// Two holders of one bank account (decision 95): each imports the same CAMT.053 into their
/// own Pulpe account on one server. The server's transaction ids are unique across every user, so
/// ids derived from the statement alone made the second holder's creates 409 — read as « already
/// sent », their operations were never created. Each account ends with its operations once, and a
/// second import by each creates nothing.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct JointStatementE2ETests {
    /// The operations of the statement: a name, an amount, debit or credit, days before today.
    static let operations: [(name: String, amount: String, credit: Bool, daysAgo: Int)] = [
        ("Boulangerie du compte joint", "23.45", false, 3),
        ("Pharmacie du compte joint", "61.80", false, 5),
        ("Remboursement du compte joint", "140.00", true, 8),
    ]

    @Test func eachHolderGetsTheOperationsOnceAndASecondImportCreatesNothing() throws {
        let data = try TemporaryDirectory(prefix: "pulpe-joint-server")
        defer { data.remove() }
        let homes = [try TemporaryDirectory(prefix: "pulpe-joint-a"), try TemporaryDirectory(prefix: "pulpe-joint-b")]
        defer { homes.forEach { $0.remove() } }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        let emails = try homes.map { try OutboxFaultInjectionTests.demoSession(port: port, home: $0.path) }
        #expect(Set(emails).count == 2, "two accounts: \(emails)")
        let statement = data.path + "/releve-commun.xml"
        try Self.statement(today: CalendarDay(SystemTime.now(), in: .system)).write(toFile: statement, atomically: true, encoding: .utf8)

        var ids: [[String]] = []
        for home in homes {
            let pulpe = { (arguments: [String]) in try ShellAddE2ETests.pulpe(arguments, home: home.path) }
            #expect(try pulpe(["sync"] + api).status == 0, "the replica whole: the months the statement falls in")
            let dry = try pulpe(["import", statement, "--dry-run", "--json"] + api)
            let planned = try JSONSerialization.jsonObject(with: Data(dry.out.utf8)) as? [[String: Any]] ?? []
            #expect(planned.map { $0["status"] as? String } == ["new", "new", "new"], "\(dry)")
            ids.append(planned.compactMap { $0["id"] as? String })
            let imported = try pulpe(["import", statement, "--yes"] + api)
            #expect(imported.status == 0 && imported.out.contains("Importées : 3, envoyées"), "\(imported)")
        }
        #expect(Set(ids[0]).isDisjoint(with: ids[1]), "the same statement in two accounts: two sets of ids \(ids)")

        for (home, email) in zip(homes, emails) {
            try Self.expectOnce(server.transactions(email: email), "\(email) after the first import")
            let pulpe = { (arguments: [String]) in try ShellAddE2ETests.pulpe(arguments, home: home.path) }
            #expect(try pulpe(["pending"] + api).out.contains("refusée") == false, "nothing refused")
            let again = try pulpe(["import", statement, "--yes"] + api)
            #expect(again.status == 0 && again.out.contains("0 à importer sur 3"), "the same file again: nothing\n\(again)")
            let dry = try pulpe(["import", statement, "--dry-run", "--json"] + api)
            let planned = try JSONSerialization.jsonObject(with: Data(dry.out.utf8)) as? [[String: Any]] ?? []
            #expect(planned.map { $0["status"] as? String } == ["already", "already", "already"], "\(dry)")
        }
        for email in emails { try Self.expectOnce(server.transactions(email: email), "\(email) after the second import") }
    }

    /// Each operation of the statement exactly once among `held`, with its exact amount and kind.
    static func expectOnce(_ held: [SandboxTransaction], _ when: String) {
        for operation in operations {
            let rows = held.filter { $0.name == operation.name }
            #expect(rows.count == 1, "« \(operation.name) » once (\(when)): \(rows)")
            #expect(rows.first.map { Decimal(string: $0.amount) == Decimal(string: operation.amount) } == true, "\(rows)")
            #expect(rows.first?.kind == (operation.credit ? "income" : "expense"), "\(rows)")
        }
    }

    /// A CAMT.053 of the joint account, its days counted back from `today` (the demo account has
    /// budgets from a year before today's month): the bank's references make the ids.
    static func statement(today: CalendarDay) -> String {
        let entries = operations.enumerated().map { index, operation in
            let day = today.adding(days: -operation.daysAgo)
            return """
                  <Ntry>
                    <Amt Ccy="CHF">\(operation.amount)</Amt>
                    <CdtDbtInd>\(operation.credit ? "CRDT" : "DBIT")</CdtDbtInd>
                    <Sts>BOOK</Sts>
                    <BookgDt><Dt>\(day)</Dt></BookgDt>
                    <ValDt><Dt>\(day)</Dt></ValDt>
                    <AcctSvcrRef>JOINT-\(day)-\(index)</AcctSvcrRef>
                    <AddtlNtryInf>\(operation.name)</AddtlNtryInf>
                  </Ntry>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04">
              <BkToCstmrStmt>
                <GrpHdr><MsgId>JOINT-\(today)</MsgId><CreDtTm>\(today)T22:00:00+01:00</CreDtTm></GrpHdr>
                <Stmt>
                  <Id>JOINT-STMT-\(today)</Id>
                  <Acct><Id><IBAN>CH9300762011623852957</IBAN></Id><Ccy>CHF</Ccy></Acct>
            \(entries.joined(separator: "\n"))
                </Stmt>
              </BkToCstmrStmt>
            </Document>

            """
    }
}
