import Foundation
import PulpeTestSupport
import Testing

/// Tags from the shell (issue 45): `pulpe add --tag` with a tag the account has and one it does
/// not, online then offline; the server back, the new tag is created once and every expense
/// carries the intended ids (§14.7 rule 8: the expense waits for its tag).
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

        server.stop()
        let hotel = try pulpe(["add"] + api + ["--wait", "1", "--tag", "Resto", "--tag", "Vacances", "50", "Hôtel"])
        #expect(hotel.status == 75, "queued: \(hotel)")
        let train = try pulpe(["add"] + api + ["--wait", "1", "--tag", "vacances", "30", "Train"])
        #expect(train.status == 75, "\(train)")
        let pending = try pulpe(["pending"] + api)
        #expect(pending.out.contains("Créer le tag « Vacances »"), "the tag waits first: \(pending.out)")
        #expect(!pending.out.contains("Créer le tag « vacances »"), "asked twice, stored once: \(pending.out)")

        server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        let drained = try pulpe(["sync"] + api)
        #expect(drained.status == 0, "\(drained)")
        let tags = try server.tags(email: email)
        #expect(tags.map(\.name).sorted() == ["Vacances", "resto"], "each tag once: \(tags)")
        let vacances = try #require(tags.first { $0.name == "Vacances" }?.id)
        let held = try server.tagIds(email: email)
        #expect(held["Hôtel"] == [resto, vacances], "\(held)")
        #expect(held["Train"] == [vacances], "\(held)")
        #expect(try pulpe(["pending"] + api).out == "Rien en attente\n")
    }
}
