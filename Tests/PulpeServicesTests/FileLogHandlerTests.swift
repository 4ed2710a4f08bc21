import Foundation
import Testing
@testable import PulpeServices

@Suite struct FileLogHandlerTests {
    @Test func linesAreAppendedToAPrivateFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("state/pulpe.log")
        var handler = FileLogHandler(label: "test", file: try #require(LogFile(url: file)))
        handler[metadataKey: "screen"] = "home"
        handler.log(event: .init(level: .warning, message: "first", metadata: ["code": "42"], source: "t",
                                 file: #fileID, function: #function, line: #line))
        handler.log(event: .init(level: .info, message: "second", metadata: nil, source: "t",
                                 file: #fileID, function: #function, line: #line))
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix(" warning test: first code=42 screen=home"))
        #expect(lines[1].hasSuffix(" info test: second screen=home"))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
