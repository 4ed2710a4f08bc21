import Foundation
import Testing
import PulpeFuzzing

/// Every committed fuzz input — the seed corpus and each input that once broke a target — through
/// its target's properties, in `make test`: a fixed finding stays fixed without a sanitizer build.
@Suite("Fuzz corpus replay")
struct FuzzCorpusReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fuzz")

    static func inputs(_ kind: String, _ target: String) -> [URL] {
        let directory = root.appendingPathComponent(kind).appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test("every target has seeds", arguments: FuzzTarget.all.map(\.name))
    func seeded(target: String) {
        #expect(!Self.inputs("corpus", target).isEmpty, "fuzz/corpus/\(target)/ is empty")
    }

    @Test("seed corpus", arguments: FuzzTarget.all.map(\.name))
    func seeds(target: String) throws {
        try replay(target, Self.inputs("corpus", target))
    }

    @Test("regression files", arguments: FuzzTarget.all.map(\.name))
    func regressions(target: String) throws {
        try replay(target, Self.inputs("regressions", target))
    }

    @Test("no stray folders: every corpus folder names a target")
    func folders() {
        for kind in ["corpus", "regressions"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(kind).path)) ?? []
            for name in names where !name.hasPrefix(".") {
                #expect(FuzzTarget.named(name) != nil, "fuzz/\(kind)/\(name) names no target")
            }
        }
    }

    @Test("a broken property is reported, not swallowed")
    func violationsSurface() {
        // A plain number the amount parser must read exactly: a wrong answer would throw.
        #expect(throws: Never.self) { try FuzzTarget.named("amount")!.run(Data("12.345".utf8)) }
        #expect(throws: FuzzViolation.self) { try FuzzTarget(name: "t", feeds: "") { _ throws(FuzzViolation) in
            throw FuzzViolation("x") }.run(Data()) }
    }

    func replay(_ name: String, _ files: [URL]) throws {
        let target = try #require(FuzzTarget.named(name))
        for file in files {
            let data = try Data(contentsOf: file)
            do {
                try target.run(data)
            } catch {
                Issue.record("\(name) \(file.lastPathComponent): \(error)")
            }
        }
    }
}
