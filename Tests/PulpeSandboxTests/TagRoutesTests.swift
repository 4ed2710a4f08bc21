import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

/// Tags (`pulpe-api.md` §15.2): the catalogue in code-point order, names unique case and accents
/// aside, no client id, ids checked on every write that carries them, a delete that unlinks, the
/// history, and the search by tag.
@Suite("Tags", .timeLimit(.minutes(1)))
struct TagRoutesTests {
    @Test("Create, list in code-point order, refuse a name twice case aside, rename, delete")
    func catalogue() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let vacances = try await sandbox.client.post("/api/v1/tags", object: ["name": "  Vacances "], headers: user.headers)
            #expect(vacances.status == 201, "\(vacances.text)")
            #expect(vacances.data?["name"]?.stringValue == "Vacances", "trimmed")
            let epicerie = try await sandbox.client.post("/api/v1/tags", object: ["name": "Épicerie"], headers: user.headers)
            #expect(epicerie.status == 201)
            let list = try await sandbox.client.get("/api/v1/tags", headers: user.headers)
            #expect(list.data?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["Vacances", "Épicerie"],
                    "code-point order: « É » after « V »")

            let again = try await sandbox.client.post("/api/v1/tags", object: ["name": "vacances"], headers: user.headers)
            #expect(again.status == 409 && again.code == "ERR_TAG_ALREADY_EXISTS")
            let decomposed = try await sandbox.client.post("/api/v1/tags", object: ["name": "E\u{301}picerie"], headers: user.headers)
            #expect(decomposed.status == 409, "NFC before comparing")
            for bad: [String: Any] in [["name": "   "], ["name": String(repeating: "x", count: 31)], ["name": "a", "id": "x"], [:]] {
                let refused = try await sandbox.client.post("/api/v1/tags", object: bad, headers: user.headers)
                #expect(refused.status == 400 && refused.code == "ERR_ZOD_VALIDATION_FAILED", "\(bad): \(refused.text)")
            }

            let id = try #require(vacances.data?["id"]?.stringValue)
            let renamed = try await sandbox.client.patch("/api/v1/tags/\(id)", object: ["name": "Voyages"], headers: user.headers)
            #expect(renamed.status == 200 && renamed.data?["name"]?.stringValue == "Voyages")
            let empty = try await sandbox.client.patch("/api/v1/tags/\(id)", object: [:], headers: user.headers)
            #expect(empty.status == 404 && empty.code == "ERR_TAG_NOT_FOUND", "a PATCH {} finds nothing to update")
            let stranger = try await sandbox.signedInUser()
            #expect(try await sandbox.client.get("/api/v1/tags/\(id)", headers: stranger.headers).status == 404)
            #expect(try await sandbox.client.delete("/api/v1/tags/\(id)", headers: user.headers).status == 200)
            #expect(try await sandbox.client.delete("/api/v1/tags/\(id)", headers: user.headers).status == 200, "unknown: 200 too")
            #expect(try await sandbox.client.get("/api/v1/tags", headers: user.headers).data?.arrayValue?.count == 1)
        }
    }

    @Test("tagIds on writes: an unknown or foreign tag is 404 and writes nothing; a delete unlinks")
    func links() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let budget = try await sandbox.server.seeding.createBudget(userId: user.id, month: 11, year: 2026)
            let tag = try #require(try await sandbox.client.post("/api/v1/tags", object: ["name": "resto"], headers: user.headers)
                .data?["id"]?.stringValue)
            let foreignTag = try #require(try await sandbox.client.post("/api/v1/tags", object: ["name": "resto"],
                                                                        headers: try await sandbox.signedInUser().headers).data?["id"]?.stringValue)
            let id = UUID().uuidString.lowercased()
            var body: [String: Any] = ["id": id, "budgetId": budget, "name": "Pizza", "amount": 20, "kind": "expense",
                                       "tagIds": [foreignTag]]
            let refused = try await sandbox.client.post("/api/v1/transactions", object: body, headers: user.headers)
            #expect(refused.status == 404 && refused.code == "ERR_TAG_NOT_FOUND", "\(refused.text)")
            #expect(try await sandbox.client.get("/api/v1/transactions/\(id)", headers: user.headers).status == 404, "rolled back")
            body["tagIds"] = [tag]
            let created = try await sandbox.client.post("/api/v1/transactions", object: body, headers: user.headers)
            #expect(created.status == 201 && created.data?["tagIds"] == .array([.string(tag)]))
            let line = try await sandbox.client.post("/api/v1/budget-lines", object: [
                "budgetId": budget, "name": "Sorties", "amount": 100, "kind": "expense", "recurrence": "one_off", "tagIds": [tag],
            ], headers: user.headers)
            #expect(line.status == 201, "\(line.text)")
            let patch = try await sandbox.client.patch("/api/v1/transactions/\(id)", object: ["tagIds": [foreignTag]], headers: user.headers)
            #expect(patch.status == 404 && patch.code == "ERR_TAG_NOT_FOUND")

            let history = try await sandbox.client.get("/api/v1/tags/\(tag)/history?months=3&endMonth=12&endYear=2026",
                                                       headers: user.headers)
            #expect(history.status == 200, "\(history.text)")
            #expect(history.data?["periods"]?.arrayValue?.compactMap { $0.objectValue?["month"]?.numberValue } == [10, 11, 12])
            #expect(history.data?["totalPlanned"]?.numberValue == 100 && history.data?["totalActual"]?.numberValue == 20)
            #expect(history.data?["actualToPlannedPercent"]?.numberValue == 20)
            let bad = try await sandbox.client.get("/api/v1/tags/\(tag)/history?months=5&endMonth=12&endYear=2026", headers: user.headers)
            #expect(bad.status == 400)

            let found = try await sandbox.client.get("/api/v1/transactions/search?tagIds=\(tag)", headers: user.headers)
            #expect(found.data?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue }.sorted() == ["Pizza", "Sorties"],
                    "\(found.text)")
            #expect(try await sandbox.client.get("/api/v1/transactions/search?tagIds=\(tag)&q=piz", headers: user.headers)
                .data?.arrayValue?.count == 1, "AND with q")

            #expect(try await sandbox.client.delete("/api/v1/tags/\(tag)", headers: user.headers).status == 200)
            let unlinked = try await sandbox.client.get("/api/v1/transactions/\(id)", headers: user.headers)
            #expect(unlinked.data?["tagIds"] == .array([]), "the delete takes the tag off its items")
        }
    }
}
