import Foundation
import Testing
@testable import PulpeUI

@Suite struct AnimationParserTests {
    private let good = """
    # pulpe-animation v1
    # a comment
    name: blink
    fps: 4
    loop: true
    --- frame
     o
    /|\\
    --- roles
     a
    --- frame
     O

    """

    @Test func parsesHeaderFramesAndRoles() throws {
        let animation = try AnimationParser.parse(good, file: "blink.anim")
        #expect(animation.name == "blink")
        #expect(animation.framesPerSecond == 4)
        #expect(animation.loops)
        #expect(animation.frames.count == 2)
        #expect(animation.frames[0].lines == [" o", "/|\\"])
        #expect(animation.frames[0].roleHints == [" a"])
        #expect(animation.frames[1].lines == [" O"])   // trailing blank line dropped
        #expect(animation.width == 3)
        #expect(animation.height == 2)
    }

    @Test func loopDefaultsToTrueAndAcceptsCRLF() throws {
        let text = "# pulpe-animation v1\r\nname: a\r\nfps: 2\r\n--- frame\r\nx\r\n"
        let animation = try AnimationParser.parse(text, file: "a.anim")
        #expect(animation.loops)
        #expect(animation.frames == [AnimationFrame(lines: ["x"])])
    }

    @Test(arguments: [
        ("name: a\nfps: 2\n--- frame\nx\n", 1, "first line must be '# pulpe-animation v1'"),
        ("# pulpe-animation v1\nfps: 2\n--- frame\nx\n", 3, "missing header 'name'"),
        ("# pulpe-animation v1\nname: a\n--- frame\nx\n", 3, "missing header 'fps'"),
        ("# pulpe-animation v1\nname: a\nfps: 0\n--- frame\nx\n", 3, "fps must be a whole number from 1 to 60"),
        ("# pulpe-animation v1\nname: a\nfps: fast\n--- frame\nx\n", 3, "fps must be a whole number from 1 to 60"),
        ("# pulpe-animation v1\nname: a\nfps: 2\nloop: maybe\n--- frame\nx\n", 4, "loop must be 'true' or 'false'"),
        ("# pulpe-animation v1\nname: a\nfps: 2\ncolour: red\n--- frame\nx\n", 4, "unknown header key 'colour'"),
        ("# pulpe-animation v1\nname: a\nname: b\nfps: 2\n--- frame\nx\n", 3, "header key 'name' given twice"),
        ("# pulpe-animation v1\nname: a\nfps: 2\njunk\n--- frame\nx\n", 4, "expected 'key: value' in the header"),
        ("# pulpe-animation v1\nname: a\nfps: 2\n", 3, "no frames (each frame starts with '--- frame')"),
        ("# pulpe-animation v1\nname: a\nfps: 2\n--- frame\n   \n", 4, "frame 1 is empty"),
        ("# pulpe-animation v1\nname: a\nfps: 2\n--- image\nx\n", 4, "expected '--- frame'"),
        ("# pulpe-animation v1\nname: a\nfps: 2\n--- frame\n\tx\n", 5, "tabs are not allowed in frames (use spaces)"),
        ("# pulpe-animation v1\nname: a\nfps: 2\n--- frame\nx\n--- roles\nz\n", 7, "unknown colour role 'z' (known: a m p n w t)"),
        ("# pulpe-animation v1\nname: a\nfps: 2\n--- frame\nx\n--- roles\na\na\n", 8, "roles block has more lines than its frame"),
    ])
    func brokenFilesNameTheLineAndTheReason(text: String, line: Int, reason: String) {
        #expect(throws: AnimationParseError(file: "broken.anim", line: line, reason: reason)) {
            try AnimationParser.parse(text, file: "broken.anim")
        }
    }

    @Test func aBrokenAssetFallsBackToAStaticFrameAndIsReported() {
        let library = AnimationLibrary.load([("bad.anim", "nonsense")])
        #expect(library.problems == ["bad.anim:1: first line must be '# pulpe-animation v1'"])
        let fallback = library.animation(named: "splash")
        #expect(fallback.frames.count == 1)
    }

    @Test func embeddedAssetsMatchTheFilesInAssets() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("assets/animations")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".anim") }.sorted()
        #expect(EmbeddedAssets.animations.map(\.file) == files.map { "assets/animations/\($0)" },
                "run `make assets` after adding or removing an animation")
        for (file, text) in EmbeddedAssets.animations {
            let onDisk = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            #expect(text + "\n" == onDisk, "\(file) changed: run `make assets`")
        }
    }

    @Test func everyShippedAnimationParses() {
        let library = AnimationLibrary.load(EmbeddedAssets.animations)
        #expect(library.problems.isEmpty)
        #expect(library.animations["splash"]?.frames.count == 12)
        #expect(library.animations["maintenance"]?.frames.count == 16)
        #expect(library.animations["maintenance"]?.loops == true)
        #expect((library.animations["maintenance"]?.width ?? 99) <= 60, "must fit the 60-column minimum")
    }
}
