import Foundation
import PulpeTestSupport
import Testing

/// Tags from the shell (decision 88): `pulpe add --tag` with a tag the account has and one it does
/// not, online then offline; the server back, the new tag is created once and every expense
/// carries the intended ids (§14.7 rule 8: the expense waits for its tag); tags set by an edit;
/// `pulpe tag history` offline equal to the server's; a rename and a delete sent once.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct TagsE2ETests {
    @Test func aNewTagIsCreatedOnceAndTheExpensesWaitForIt() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-tags")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-tags-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        var server = try SandboxProcess(port: port, dataDir: data.path)
        let email = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let pulpe = { (arguments: [String]) in try ShellAddE2ETests.pulpe(arguments, home: home.path) }

        let online = try pulpe(["add"] + api + ["--tag", "resto", "20", "Pizza"])
        #expect(online.status == 0, "\(online)")
        let resto = try #require(try server.tags(email: email).first { $0.name == "resto" }?.id)
        #expect(try server.tagIds(email: email)["Pizza"] == [resto])

        let tooLong = try pulpe(["add"] + api + ["--tag", String(repeating: "x", count: 31), "5", "Kiosque"])
        #expect(tooLong.status == 65 && tooLong.err.contains("too long"), "\(tooLong)")
        let added = try pulpe(["tag", "add"] + api + ["  Loisirs "])
        #expect(added.status == 0 && added.out.contains("Créer le tag « Loisirs »"), "\(added)")
        #expect(try pulpe(["tag", "add"] + api + ["LOISIRS"]).status == 0, "the same tag, case aside: kept as it is")
        #expect(try pulpe(["tag", "add"] + api + ["   "]).status == 65)
        #expect(try pulpe(["tag", "list"] + api).out == "#Loisirs\n#resto\n", "the server's order, from the replica")

        server.stop()
        let hotel = try pulpe(["add"] + api + ["--wait", "1", "--tag", "Resto", "--tag", "Vacances", "50", "Hôtel"])
        #expect(hotel.status == 75, "queued: \(hotel)")
        let train = try pulpe(["add"] + api + ["--wait", "1", "--tag", "vacances", "30", "Train"])
        #expect(train.status == 75, "\(train)")
        let month = try pulpe(["month", "--json", "--max-age", "0"] + api)
        let rows = try JSONSerialization.jsonObject(with: Data(month.out.utf8)) as? [String: Any]
        let shownTags = (rows?["transactions"] as? [[String: Any]] ?? []).reduce(into: [String: [String]]()) { tags, row in
            tags[row["name"] as? String ?? ""] = row["tags"] as? [String]
        }
        #expect(shownTags["Hôtel"] == ["resto", "Vacances"], "names, the new one too: \(shownTags)")
        #expect(shownTags["Pizza"] == ["resto"], "\(shownTags)")
        let pending = try pulpe(["pending"] + api)
        #expect(pending.out.contains("Créer le tag « Vacances »"), "the tag waits first: \(pending.out)")
        #expect(!pending.out.contains("Créer le tag « vacances »"), "asked twice, stored once: \(pending.out)")

        server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        let drained = try pulpe(["sync"] + api)
        #expect(drained.status == 0, "\(drained)")
        if drained.status != 0 {
            let log = (try? String(contentsOfFile: home.path + "/.local/state/pulpe/pulpe.log", encoding: .utf8)) ?? "no log"
            Issue.record("\(drained.out) \(drained.err)\n\(log.split(separator: "\n").suffix(40).joined(separator: "\n"))")
        }
        let tags = try server.tags(email: email)
        #expect(tags.map(\.name).sorted() == ["Loisirs", "Vacances", "resto"], "each tag once: \(tags)")
        let vacances = try #require(tags.first { $0.name == "Vacances" }?.id)
        let held = try server.tagIds(email: email)
        #expect(held["Hôtel"] == [resto, vacances], "\(held)")
        #expect(held["Train"] == [vacances], "\(held)")
        #expect(try pulpe(["pending"] + api).out == "Rien en attente\n")

        // The search by tag: the server's (its tag search works) merged with the replica's.
        let byTag = try pulpe(["search", "--tag", "vac", "--json"] + api)
        let hits = (try JSONSerialization.jsonObject(with: Data(byTag.out.utf8)) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(byTag.status == 0 && hits.sorted() == ["Hôtel", "Train"], "\(byTag)")
        let both = try pulpe(["search", "#resto #vacances", "--json"] + api)
        #expect(both.out.contains("Hôtel") && !both.out.contains("Train") && !both.out.contains("Pizza"), "each # word: \(both.out)")
        #expect(try pulpe(["search", "--tag", "resto", "piz", "--json"] + api).out.contains("Pizza"))

        // Tags set by an edit: one added, one new (created first), one taken off; the set replaces.
        let edited = try pulpe(["edit", "Hôtel"] + api + ["--tag", "Loisirs", "--tag", "Nuitée", "--untag", "RESTO"])
        #expect(edited.status == 0, "\(edited)")
        let loisirs = try #require(try server.tags(email: email).first { $0.name == "Loisirs" }?.id)
        let nuitee = try #require(try server.tags(email: email).first { $0.name == "Nuitée" }?.id, "created once")
        #expect(Set(try server.tagIds(email: email)["Hôtel"] ?? []) == [vacances, loisirs, nuitee])
        #expect(try pulpe(["line", "add"] + api + ["Ski", "300", "--tag", "vacances"]).status == 0)

        // The history: the server's, then — the server gone — the replica's, computed the same way.
        let window = ["--months", "3", "--end", "2026-12", "--json"]
        let fromServer = try pulpe(["tag", "history", "Vacances"] + window + api)
        #expect(fromServer.status == 0 && fromServer.out.contains("\"tagId\":\"\(vacances)\""), "\(fromServer)")
        #expect(try pulpe(["sync"] + api).status == 0, "the replica read whole")
        server.stop()
        let offline = try pulpe(["tag", "history", "vacances"] + window + api)
        #expect(offline.status == 0, "\(offline)")
        let figures = { (text: String) throws -> NSDictionary? in try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary }
        #expect(try figures(offline.out) == figures(fromServer.out), "the replica's history is the server's:\n\(fromServer.out)\n\(offline.out)")
        #expect(try pulpe(["tag", "history", "Nope"] + api).status == 64)

        // Renamed and deleted offline, sent once the server is back.
        #expect(try pulpe(["tag", "rename"] + api + ["--wait", "1", "loisirs", "Sorties"]).status == 75)
        let inUse = try pulpe(["tag", "rm"] + api + ["--wait", "1", "Nuitée"])
        #expect(inUse.status == 65 && inUse.err.contains("Hôtel"), "what carries it is said first: \(inUse)")
        #expect(try pulpe(["tag", "rm"] + api + ["--wait", "1", "--yes", "Nuitée"]).status == 75)
        server = try SandboxProcess(port: port, dataDir: data.path)
        #expect(try pulpe(["sync"] + api).status == 0)
        #expect(try server.tags(email: email).map(\.name).sorted() == ["Sorties", "Vacances", "resto"])
        #expect(Set(try server.tagIds(email: email)["Hôtel"] ?? []) == [vacances, loisirs], "unlinked by the delete, renamed in place")
    }

    /// The TUI in a pty: offline, a quick-add with a tag the account has and a new one (the form's
    /// « Tags » field); the server back, the tag is created once and the expense carries both ids;
    /// `/#fondue` shows it.
    @Test func aQuickAddOfflineWithANewTagAndAKnownOne() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-tags-tui")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-tags-tui-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        var server = try SandboxProcess(port: port, dataDir: data.path)
        let email = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        #expect(try ShellAddE2ETests.pulpe(["tag", "add"] + api + ["Resto"], home: home.path).status == 0)
        let resto = try #require(try server.tags(email: email).first { $0.name == "Resto" }?.id)

        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api, env: PTYEnvironment.standard(home: home.path), rows: 30, cols: 100)
        defer { p.terminate() }
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
        server.stop()
        p.send("a")
        #expect(p.waitText("Montant", timeout: 5), "\(p.screen.text)")
        p.send("18")
        p.sendKey(.tab)
        p.send("Raclette")
        for _ in 0..<5 { p.sendKey(.tab) }
        p.send("res")
        #expect(p.waitText("Tags         res", timeout: 5), "the field has the focus\n\(p.screen.text)")
        p.sendKey(.right)
        p.send(", Fondue")
        #expect(p.waitText("Créer le tag « Fondue »", timeout: 5), "\(p.screen.text)")
        p.sendKey(.enter)
        #expect(p.waitText("Raclette", timeout: 5), "\(p.screen.text)")
        #expect(p.waitText("en attente", timeout: 10), "\(p.screen.text)")

        server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        let deadline = Date().addingTimeInterval(40)
        var held: [String: [String]] = [:]
        while Date() < deadline {
            held = (try? server.tagIds(email: email)) ?? [:]
            if held["Raclette"]?.count == 2 { break }
            Thread.sleep(forTimeInterval: 0.5)
        }
        let tags = try server.tags(email: email)
        #expect(tags.map(\.name).sorted() == ["Fondue", "Resto"], "each tag once: \(tags)")
        let fondue = try #require(tags.first { $0.name == "Fondue" }?.id)
        #expect(Set(held["Raclette"] ?? []) == [resto, fondue], "\(held)")

        #expect(p.pump(timeout: 15) { !$0.text.contains("en attente") }, "\(p.screen.text)")
        p.send("/")
        p.send("#fondue")
        p.sendKey(.enter)
        #expect(p.waitText("Transactions (1/", timeout: 5), "only the tagged row\n\(p.screen.text)")
        #expect(p.waitText("#Fondue", timeout: 5), "the row names its tags once the catalogue has the new one\n\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }
}
