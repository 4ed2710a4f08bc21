import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PulpeDomain
import PulpeTestSupport
import Testing

/// What the shell prints and writes cannot be turned against whoever reads it (decision 96):
/// a name written elsewhere with escape sequences is shown escaped by `pulpe month` and
/// `pulpe search` (exact in `--json`), one typed with them is refused with the reason, and
/// `pulpe export -o` writes a file only its owner reads, never through a link nor over a file
/// without `--force`, its CSV cells unable to run as formulas.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ShellOutputSafetyE2ETests {
    /// Colour, window title with its BEL, and a C1 CSI (« clear the screen »): what another device
    /// or a bank statement can put in a name.
    static let hostile = "X\u{1B}[31mROUGE\u{1B}]0;titre\u{07}Y\u{9B}2J"
    /// The same as the shell shows it.
    static let shown = #"X\u001b[31mROUGE\u001b]0;titre\u0007Y\u009b2J"#

    /// No byte of a control a terminal obeys: ESC, BEL, and CSI (as UTF-8's C2 9B or a lone 9B).
    static func holdsControls(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x1B || $0 == 0x07 || $0 == 0x9B }
    }

    @Test func namesWithEscapesAreShownEscapedAndTypedOnesRefused() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-output-safety")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        _ = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let pulpe = { (arguments: [String]) in try ShellAddE2ETests.pulpe(arguments + api, home: home.path) }

        // Another device writes the name: straight to the server, as the signed-in user.
        let reader = OperationFaultInjectionTests.ServerReader(port: port, home: home.path)
        let current = try pulpe(["month", "--json"])
        let month = try #require(try JSONSerialization.jsonObject(with: Data(current.out.utf8)) as? [String: Any])["month"] as? String
        try Self.post(name: Self.hostile, budgetId: reader.budgetId(month: try #require(month)), reader: reader)

        let table = try pulpe(["month", "--max-age", "0"])
        #expect(table.status == 0, "\(table)")
        #expect(!Self.holdsControls(table.out), "pulpe month printed a control: \(table.out.debugDescription)")
        #expect(table.out.contains(Self.shown), "\(table.out)")
        let json = try pulpe(["month", "--max-age", "0", "--json"])
        let transactions = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])["transactions"]
        let names = (transactions as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains(Self.hostile), "--json keeps the exact name: \(names)")
        #expect(!Self.holdsControls(json.out), "JSON escapes what it holds: \(json.out.debugDescription)")

        let found = try pulpe(["search", "ROUGE"])
        #expect(found.status == 0, "\(found)")
        #expect(!Self.holdsControls(found.out), "pulpe search printed a control: \(found.out.debugDescription)")
        #expect(found.out.contains(Self.shown), "\(found.out)")
        let foundJSON = try pulpe(["search", "ROUGE", "--json"])
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(foundJSON.out.utf8)) as? [[String: Any]])
        #expect(hits.compactMap { $0["name"] as? String } == [Self.hostile], "\(foundJSON.out)")

        // The export into a pipe or a file is the exact text; printed on a terminal, its controls
        // are shown as the shell shows them everywhere else.
        let piped = try pulpe(["export", "--format", "csv"])
        #expect(piped.status == 0 && piped.out.contains("\u{1B}[31mROUGE"), "a pipe gets the exact name: \(piped.out.debugDescription)")
        let terminal = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: ["export", "--format", "csv"] + api,
                                      env: PTYEnvironment.standard(home: home.path))
        defer { terminal.terminate() }
        #expect(terminal.waitExit(timeout: 15) == 0)
        let printed = String(decoding: terminal.raw, as: UTF8.self)
        #expect(printed.contains(Self.shown) && !Self.holdsControls(printed), "on a terminal: \(printed.debugDescription)")

        // `pulpe query`: the table shows the name escaped; its CSV, like the export, is exact in a
        // pipe and escaped on a terminal.
        let queried = try pulpe(["query", "rouge"])
        #expect(queried.status == 0 && queried.out.contains(Self.shown) && !Self.holdsControls(queried.out),
                "pulpe query printed a control: \(queried.out.debugDescription)")
        let queriedCSV = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: ["query", "rouge", "--csv"] + api,
                                        env: PTYEnvironment.standard(home: home.path))
        defer { queriedCSV.terminate() }
        #expect(queriedCSV.waitExit(timeout: 15) == 0)
        let queriedText = String(decoding: queriedCSV.raw, as: UTF8.self)
        #expect(queriedText.contains(Self.shown) && !Self.holdsControls(queriedText), "on a terminal: \(queriedText.debugDescription)")
        #expect(try pulpe(["query", "rouge", "--csv"]).out.contains("\u{1B}[31mROUGE"), "a pipe gets the exact name")

        // Typed with an escape: refused, with the reason, nothing stored; the refusal itself escaped.
        let added = try pulpe(["add", "5", "X\u{1B}[31mY"])
        #expect(added.status == 65, "\(added)")
        #expect(added.err.contains("the name holds a control character"), "\(added.err)")
        #expect(added.err.contains(#"X\u001b[31mY"#) && !Self.holdsControls(added.err), "\(added.err.debugDescription)")
        let tag = try pulpe(["tag", "add", "A\u{07}B"])
        #expect(tag.status == 65, "\(tag)")
        #expect(tag.err.contains("control character") && !Self.holdsControls(tag.err), "\(tag.err.debugDescription)")
        let after = try pulpe(["search", "X", "--json"])
        #expect(!after.out.contains("31mY"), "nothing stored: \(after.out)")
    }

    @Test func exportIsPrivateNeverFollowsALinkAndReplacesOnlyWithForce() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-export-file")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        _ = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let pulpe = { (arguments: [String]) in try ShellAddE2ETests.pulpe(arguments + api, home: home.path) }
        #expect(try pulpe(["add", "3", "=1+2"]).status == 0)
        #expect(try pulpe(["sync", "--account"]).status == 0)

        let out = home.path + "/compte.csv"
        let first = try pulpe(["export", "--format", "csv", "-o", out])
        #expect(first.status == 0, "\(first)")
        #expect(Self.mode(out) == 0o600, "mode \(String(Self.mode(out) ?? 0, radix: 8))")
        let csv = try String(contentsOfFile: out, encoding: .utf8)
        #expect(csv.contains(",'=1+2,3.00,expense,"), "a formula neutralised, the amount a number: \(csv)")

        // An existing file: kept as it was without --force.
        try Data("ancien".utf8).write(to: URL(fileURLWithPath: out))
        let again = try pulpe(["export", "--format", "csv", "-o", out])
        #expect(again.status == 73, "\(again)")
        #expect(again.err.contains("the output file exists: give --force"), "\(again.err)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "ancien")

        // A symbolic link: never followed; refused without --force, the link itself replaced with it.
        let victim = home.path + "/victime.txt"
        let link = home.path + "/lien.csv"
        try Data("intact".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        let linked = try pulpe(["export", "--format", "csv", "-o", link])
        #expect(linked.status == 73, "\(linked)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == victim)
        let forced = try pulpe(["export", "--format", "csv", "-o", link, "--force"])
        #expect(forced.status == 0, "\(forced)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "intact", "the file the link pointed at is untouched")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil, "the link itself was replaced")
        #expect(Self.mode(link) == 0o600)
        #expect(try String(contentsOfFile: link, encoding: .utf8) == csv)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
    }

    /// The permission bits of the file at `path` itself (a link not followed).
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// `POST /transactions` as the signed-in user: a free expense of 5 today, named `name`.
    static func post(name: String, amount: String = "5", budgetId: String, reader: OperationFaultInjectionTests.ServerReader) throws {
        let body: [String: Any] = ["budgetId": budgetId, "name": name, "amount": NSDecimalNumber(string: amount), "kind": "expense"]
        var request = URLRequest(url: URL(string: reader.api + "/transactions")!)
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(try reader.session().session.accessToken)", forHTTPHeaderField: "Authorization")
        request.setValue(DemoSession.clientKey, forHTTPHeaderField: "X-Client-Key")
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status = -1
        nonisolated(unsafe) var answer = Data()
        URLSession.shared.dataTask(with: request) { data, response, _ in
            status = (response as? HTTPURLResponse)?.statusCode ?? -1
            answer = data ?? Data()
            done.signal()
        }.resume()
        done.wait()
        #expect(status == 201, "POST /transactions: \(status) \(String(decoding: answer, as: UTF8.self))")
    }
}
