import Foundation
import PulpeTestSupport
import Testing

/// Transaction names the app did not write, created through the real API (`pulpe add` against a
/// `pulpe-server`): very long, right-to-left (Hebrew, Arabic with vowel marks, a bidi override),
/// emoji (wide, ZWJ families, flags, skin tones), combining marks, CJK at the truncation edge,
/// and an escape sequence. In the month panel every row keeps the layout of a plain row: the
/// date in its column, the amount ending in the same column, nothing past the amount, no row
/// spilling into the next; and no bidi control or escape reaches the terminal.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct UnicodeNamesE2ETests {
    /// (amount, name, what of the name must be visible on its row).
    static let seeded: [(amount: String, name: String, visible: String)] = [
        ("701.01", "Témoin ordinaire", "Témoin ordinaire"),
        ("702.02", String(String(repeating: "Très long nom de commerçant ", count: 4).prefix(100)), "Très long nom"),
        ("703.03", "קפה עם חברים בתל אביב", "קפה עם חברים"),
        ("704.04", "قَهْوَةٌ مَعَ الأَصْدِقَاءِ", "قَهْوَةٌ"),
        ("705.05", "Migros מיגרוס 123", "Migros מיגרוס 123"),
        ("706.06", "\u{202E}Facture inversée", "Facture inversée"),
        ("707.07", "Pizza 🍕🍕 chez Luigi", "Pizza 🍕🍕 chez Luigi"),
        ("708.08", "Famille 👨‍👩‍👧‍👦 cinéma", "Famille 👨"),
        ("709.09", "Fondue 🇨🇭 moitié-moitié", "Fondue "),
        ("710.10", "Merci 👍🏽 ❤️ ☕", "Merci 👍"),
        ("711.11", "Cafe\u{0301} Zoe\u{0308} Man\u{0303}ana", "Café Zoë Mañana"),
        ("712.12", "Z\u{0335}\u{0322}\u{031B}\u{0334}\u{0347}\u{0359}a\u{0336}\u{0321}lgo", "lgo"),
        ("713.13", "寿司とラーメン 東京", "寿司とラーメン 東京"),
        ("714.14", String(repeating: "寿", count: 100), "寿寿寿寿"),
        ("715.15", "Rouge \u{1B}[31m\u{1B}[2J fin", "Rouge"),
    ]

    @Test func namesKeepTheMonthPanelsColumns() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-unicode-names")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        _ = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        // A name with an escape is refused when typed (decision 96): another device writes it, straight
        // to the server as the signed-in user.
        let reader = OperationFaultInjectionTests.ServerReader(port: port, home: home.path)
        let current = try ShellAddE2ETests.pulpe(["month", "--json"] + api, home: home.path)
        let month = try #require(try JSONSerialization.jsonObject(with: Data(current.out.utf8)) as? [String: Any])["month"] as? String
        let budgetId = try reader.budgetId(month: try #require(month))
        for entry in Self.seeded {
            if entry.name.unicodeScalars.contains(where: { $0.value == 0x1B }) {
                try ShellOutputSafetyE2ETests.post(name: entry.name, amount: entry.amount,
                                                   budgetId: budgetId, reader: reader)
                continue
            }
            let run = try ShellAddE2ETests.pulpe(["add"] + api + [entry.amount, entry.name], home: home.path)
            #expect(run.status == 0, "\(entry.name): \(run)")
        }

        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api, env: PTYEnvironment.standard(home: home.path),
                               rows: 45, cols: 130)
        defer { p.terminate() }
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
        p.settle(quiet: 0.3)
        checkRows(p, size: "130×45")

        // Narrower: the budget line's column goes, names get shorter; the same rules hold.
        p.resize(rows: 45, cols: 62)
        #expect(p.pump(timeout: 5) { $0.line(44).contains("Quitter") }, "\(p.screen.text)")
        p.settle(quiet: 0.3)
        checkRows(p, size: "62×45")

        let output = String(decoding: p.raw, as: UTF8.self)
        #expect(!output.unicodeScalars.contains("\u{202E}"), "a bidi override reached the terminal")
        #expect(!output.contains("\u{1B}[2J fin") && !output.contains("\u{1B}[31m\u{1B}[2J"), "a name's escape reached the terminal")
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    /// Every seeded row against the plain « Témoin ordinaire » row.
    private func checkRows(_ p: PTYProcess, size: String) {
        let screen = p.screen
        func locate(_ amount: String) -> (y: Int, amountEnd: Int)? {
            for y in 0..<screen.rows {
                if let x = screen.column(of: amount, inRow: y) { return (y, x + amount.count) }
            }
            return nil
        }
        guard let control = locate(Self.seeded[0].amount) else {
            Issue.record("\(size): the plain row is not on screen:\n\(screen.text)")
            return
        }
        let controlCells = cells(screen, row: control.y)
        let dateEnd = 6 + (controlCells.firstIndex { $0.first?.isNumber == true } ?? 0)
        // The month panel's right border: the column of its top-right corner (the scroll bar is
        // the column before it, track or thumb).
        guard let borderX = (0..<screen.rows).lazy.compactMap({ cells(screen, row: $0).firstIndex(of: "┐") }).first,
              borderX > control.amountEnd + 4 else {
            Issue.record("\(size): no panel corner right of the plain row's amount:\n\(screen.text)")
            return
        }
        var seen: Set<Int> = []
        for entry in Self.seeded {
            guard let found = locate(entry.amount) else {
                Issue.record("\(size): \(entry.amount) not on screen:\n\(screen.text)")
                continue
            }
            seen.insert(found.y)
            let row = cells(screen, row: found.y)
            #expect(found.amountEnd == control.amountEnd, "\(size) \(entry.amount): amount ends at \(found.amountEnd), plain row at \(control.amountEnd)")
            #expect(row.count == screen.cols, "\(size) \(entry.amount): \(row.count) cells")
            // The date column, the same cells as the plain row's.
            #expect(row[(dateEnd - 6)..<dateEnd].joined() == controlCells[(dateEnd - 6)..<dateEnd].joined(),
                    "\(size) \(entry.amount): date cells \(row[(dateEnd - 6)..<dateEnd])")
            // After the amount: the currency, blanks (the scroll bar's column aside) and the
            // panel's border exactly where the plain row has them.
            #expect(row[found.amountEnd..<(found.amountEnd + 4)].joined() == " CHF",
                    "\(size) \(entry.amount): after the amount \(row[found.amountEnd...].joined().debugDescription)")
            #expect(row[borderX] == controlCells[borderX], "\(size) \(entry.amount): border cell \(row[borderX].debugDescription)")
            #expect(row[(found.amountEnd + 4)..<(borderX - 1)].allSatisfy { $0 == " " },
                    "\(size) \(entry.amount): \(row[(found.amountEnd + 4)...borderX])")
            #expect(["│", "█", "┃", "▐", " "].contains(row[borderX - 1]), "\(size) \(entry.amount): scroll bar \(row[borderX - 1])")
            // Between the date and the amount: the name's start, in logical order, on this row.
            let middle = row[dateEnd..<found.amountEnd].joined()
            let visible = entry.visible.precomposedStringWithCanonicalMapping
            let shown = middle.precomposedStringWithCanonicalMapping
            let need = String(visible.prefix(size == "130×45" ? visible.count : min(visible.count, 5)))
            #expect(shown.contains(need), "\(size) \(entry.amount): \(need.debugDescription) not in \(shown.debugDescription)")
        }
        #expect(seen.count == Self.seeded.count, "\(size): one row per name")
    }

    /// The cells of row `y` as strings, one per column (a wide character's second cell is "").
    private func cells(_ screen: MiniVT, row y: Int) -> [String] {
        screen.cells[y].map { $0.isContinuation ? "" : String($0.character) }
    }
}
