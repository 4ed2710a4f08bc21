import Foundation
import PulpeTestSupport
import Testing

/// Statements read exactly or refused (decision 97), through the real `pulpe import`
/// against the sandbox: decimal commas and dot thousands read as written, a Latin-1 file's accents
/// kept; an amount that does not read, or a CAMT.053 entry without its `Amt`, refuses the whole
/// file (exit 65, where) and nothing is stored — not in the outbox, not on the server.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct StatementAmountsE2ETests {
    /// Today on the real clock (or the anchored day), as a Swiss CSV writes it: the amounts are
    /// what is checked, whatever month the rows fall in.
    static var today: String {
        if let anchored = ProcessInfo.processInfo.environment["PULPE_TODAY"] {
            let parts = anchored.split(separator: "-")
            if parts.count == 3 { return "\(parts[2]).\(parts[1]).\(parts[0])" }
        }
        let day = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date())
        return String(format: "%02d.%02d.%04d", day.day ?? 1, day.month ?? 1, day.year ?? 2026)
    }

    static func planned(_ run: ShellAddE2ETests.Run) -> [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]]) ?? []
    }

    @Test func amountsReadExactlyAccentsKeptMalformedFilesRefused() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-amounts")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-amounts-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        let email = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let pulpe = { (arguments: [String]) in try ShellAddE2ETests.pulpe(arguments, home: home.path) }
        #expect(try pulpe(["sync"] + api).status == 0)
        let day = Self.today

        // Decimal commas and dot thousands: 1850.00, 6200.00, 12345.67 — not 1.85, 6.2, 12.34567.
        let comma = data.path + "/konto.csv"
        try "Buchungsdatum;Buchungstext;Betrag\n\(day);Miete;-1.850,00\n\(day);Lohn;6.200,00\n\(day);Steuern;-12.345,67\n"
            .write(toFile: comma, atomically: true, encoding: .utf8)
        let read = try pulpe(["import", comma, "--dry-run", "--json"] + api)
        #expect(read.status == 0, "\(read)")
        let rows = Self.planned(read)
        #expect(rows.map { $0["amount"] as? String } == ["1850", "6200", "12345.67"], "\(read.out)")
        #expect(rows.map { $0["kind"] as? String } == ["expense", "income", "expense"], "\(read.out)")

        // Latin-1 (Windows-1252) bytes: the header's « Libellé » and the names' accents decoded as written.
        let latin1 = data.path + "/releve-latin1.csv"
        let text = "Date;Libellé;Montant\n\(day);Café du Grütli;-4.50\n\(day);Crèche € l’œuvre;-1’850.00\n"
        let windows1252: [Unicode.Scalar: UInt8] = ["€": 0x80, "’": 0x92, "œ": 0x9C]
        let bytes = Data(text.unicodeScalars.map { windows1252[$0] ?? UInt8($0.value) })
        #expect(String(data: bytes, encoding: .utf8) == nil, "the file is not UTF-8")
        try bytes.write(to: URL(fileURLWithPath: latin1))
        let accents = try pulpe(["import", latin1, "--dry-run", "--json"] + api)
        #expect(accents.status == 0, "\(accents)")
        #expect(Self.planned(accents).map { $0["label"] as? String } == ["Café du Grütli", "Crèche € l’œuvre"], "\(accents.out)")
        #expect(Self.planned(accents).map { $0["amount"] as? String } == ["4.5", "1850"], "\(accents.out)")

        // Refused: an amount that is no amount at line 12; a partly numeric one (`12,3,4` was
        // read as 123.4); a CAMT.053 entry without its `Amt` (was imported with its detail's).
        let held = try server.transactions(email: email).count
        let bad = data.path + "/bad.csv"
        let good = (1...10).map { "\(day);Achat \($0);-\($0).50" }
        try (["Buchungsdatum;Buchungstext;Betrag"] + good + ["\(day);Kiosk;1.85x"]).joined(separator: "\n")
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try pulpe(["import", bad, "--yes"] + api)
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.err.contains("Montant illisible ligne 12 : « 1.85x »"), "\(refused.err)")
        let partly = data.path + "/partly.csv"
        try "Buchungsdatum;Buchungstext;Betrag\n\(day);Kiosk;-12,3,4\n".write(toFile: partly, atomically: true, encoding: .utf8)
        let partial = try pulpe(["import", partly, "--dry-run", "--json"] + api)
        #expect(partial.status == 65 && partial.err.contains("Montant illisible ligne 2 : « -12,3,4 »"), "\(partial)")
        let camt = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PulpeImportTests/Fixtures/entry-without-amt.xml").path
        let malformed = try pulpe(["import", camt, "--yes"] + api)
        #expect(malformed.status == 65, "\(malformed)")
        #expect(malformed.err.contains("the entry near line 16 has no Amt"), "\(malformed.err)")

        let pending = try pulpe(["pending", "--json"] + api)
        #expect(pending.status == 0 && pending.out.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "nothing queued: \(pending)")
        #expect(try server.transactions(email: email).count == held, "nothing sent")
    }
}
