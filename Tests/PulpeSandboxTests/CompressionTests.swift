import Foundation
import PulpeDomain
@testable import PulpeSandbox
import Testing

/// Express's `compression()` and ETags, as the real backend answers (issue 61, decision 117).
@Suite("gzip and ETags as Express", .timeLimit(.minutes(1)))
struct CompressionTests {
    @Test("A gzip body decodes to the same bytes; a stable GET's ETag earns a 304; the export's changes at every call")
    func gzipAndETags() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let november = try await seed.createBudget(userId: user.id, month: 11, year: 2026)
            for index in 0..<30 { _ = try await seed.addBudgetLine(budgetId: november, name: "Ligne \(index)", amount: 10, kind: .expense) }
            let plain = try await sandbox.client.get("/api/v1/budgets/\(november)/details", headers: user.headers)
            #expect(plain.status == 200 && plain.body.count > 1024)
            let tag = try #require(plain.headers["Etag"] ?? plain.headers["ETag"], "\(plain.headers)")
            #expect(tag.hasPrefix("W/\"") && tag.contains("\(String(plain.body.count, radix: 16))-"), "\(tag)")
            let fresh = try await sandbox.client.get("/api/v1/budgets/\(november)/details", headers: user.headers.merging(["If-None-Match": tag]) { $1 })
            #expect(fresh.status == 304 && fresh.body.isEmpty)
            // The export says when it was made: its ETag moves, as the real backend's.
            let first = try await sandbox.client.get("/api/v1/budgets/export", headers: user.headers)
            sandbox.clock.advance(seconds: 1)
            let second = try await sandbox.client.get("/api/v1/budgets/export", headers: user.headers)
            #expect(first.headers["Etag"] != nil && first.headers["Etag"] != second.headers["Etag"])
        }
    }

    @Test("gzip round trip at the default level")
    func gzipRoundTrip() throws {
        let text = Array(String(repeating: "{\"name\":\"Épicerie\",\"amount\":\"12.50\"},", count: 500).utf8)
        let zipped = try #require(Gzip.compress(text))
        #expect(zipped.count < text.count / 5 && zipped.prefix(2) == [0x1F, 0x8B])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(getpid()).gz")
        try Data(zipped).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let back = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(Array(back) == text)
    }
}
