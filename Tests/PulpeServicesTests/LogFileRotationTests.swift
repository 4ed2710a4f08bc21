import Foundation
import Testing
@testable import PulpeServices

/// The log is bounded (decision 100): past its limit it becomes `pulpe.log.1` and a new one starts.
@Suite struct LogFileRotationTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-log-rotation-\(UUID().uuidString)")
    }

    static func text(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

    @Test func pastTheLimitTheFileIsSetAsideAndANewOneStarts() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("pulpe.log")
        let file = try #require(LogFile(url: url, limit: 30))
        file.write("line 1 ............\n")  // 20 bytes
        file.write("line 2\n")  // 27: still under 30
        #expect(Self.text(url) == "line 1 ............\nline 2\n")
        #expect(Self.text(LogFile.rotated(url)) == nil)
        file.write("line 3 ....\n")  // 39 > 30: the first two go aside
        #expect(Self.text(LogFile.rotated(url)) == "line 1 ............\nline 2\n")
        #expect(Self.text(url) == "line 3 ....\n")
        file.write("line 4 ............\n")  // 32 > 30: the rotated copy is replaced, never a third file
        #expect(Self.text(LogFile.rotated(url)) == "line 3 ....\n")
        #expect(Self.text(url) == "line 4 ............\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["pulpe.log", "pulpe.log.1"])
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aFileAlreadyPastTheLimitIsSetAsideAtOpen() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("pulpe.log")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(String(repeating: "x", count: 40).utf8).write(to: url)
        let file = try #require(LogFile(url: url, limit: 30))
        file.write("new\n")
        #expect(Self.text(url) == "new\n")
        #expect(Self.text(LogFile.rotated(url)) == String(repeating: "x", count: 40))
    }

    @Test func anotherProcessRotatedFirstNothingIsLost() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("pulpe.log")
        let first = try #require(LogFile(url: url, limit: 30))
        let second = try #require(LogFile(url: url, limit: 30))
        first.write("first ..............\n")  // 21
        second.write("second ....\n")  // second believes 12; the file holds 33
        first.write("first again\n")  // first: 33 > 30, the file is 33: it rotates
        #expect(Self.text(LogFile.rotated(url)) == "first ..............\nsecond ....\n")
        second.write("second again ......\n")  // second: 32 > 30, but its file is no longer at url: it reopens
        #expect(Self.text(LogFile.rotated(url)) == "first ..............\nsecond ....\n", "not rotated twice")
        #expect(Self.text(url) == "first again\nsecond again ......\n")
    }

    /// The built-in sandbox's log is its stderr, appended by another process: set aside at the
    /// limit before each start, one copy, replaced.
    @Test func anotherProcesssLogIsSetAsideOnceFull() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("sandbox.log")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        LogFile.setAsideIfFull(url, limit: 30)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "nothing to set aside")
        try Data(String(repeating: "x", count: 29).utf8).write(to: url)
        LogFile.setAsideIfFull(url, limit: 30)
        #expect(Self.text(url)?.count == 29 && Self.text(LogFile.rotated(url)) == nil, "under the limit: kept")
        try Data(String(repeating: "y", count: 30).utf8).write(to: url)
        LogFile.setAsideIfFull(url, limit: 30)
        #expect(Self.text(url) == nil && Self.text(LogFile.rotated(url)) == String(repeating: "y", count: 30))
        try Data(String(repeating: "z", count: 31).utf8).write(to: url)
        LogFile.setAsideIfFull(url, limit: 30)
        #expect(Self.text(LogFile.rotated(url)) == String(repeating: "z", count: 31), "one copy, replaced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sandbox.log.1"])
    }

    @Test func removeTakesTheLogAndItsCopy() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("pulpe.log")
        let file = try #require(LogFile(url: url, limit: 10))
        file.write("a line past ten\n")
        file.write("another\n")
        #expect(FileManager.default.fileExists(atPath: LogFile.rotated(url).path))
        LogFile.remove(at: url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }
}
