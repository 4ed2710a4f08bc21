import Foundation
import Testing
@testable import PulpeApp
import PulpeUI

@Suite("PULPE_ASSETS_DIR: animations read from disk by the app, parsed by PulpeUI")
struct AnimationAssetsLoaderTests {
    /// A fresh `…/animations` folder holding `files`; returns the assets directory.
    func assetsDirectory(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-assets-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("animations")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return root
    }

    @Test func withoutTheVariableTheEmbeddedAssetsAreUsed() {
        let library = AnimationLibrary.standard(environment: [:])
        #expect(library.problems.isEmpty)
        #expect(library.animations.keys.sorted() == AnimationLibrary.embedded.animations.keys.sorted())
    }

    @Test func animFilesOfTheFolderReplaceTheEmbeddedOnesAndBrokenOnesAreReported() throws {
        let splash = try #require(EmbeddedAssets.animations.first { $0.file.hasSuffix("splash.anim") }).text
        let root = try assetsDirectory(["splash.anim": splash, "bad.anim": "nonsense", "notes.txt": "ignored"])
        defer { try? FileManager.default.removeItem(at: root) }
        let library = AnimationLibrary.standard(environment: ["PULPE_ASSETS_DIR": root.path])
        #expect(library.animations.keys.sorted() == ["splash"])
        let bad = root.appendingPathComponent("animations/bad.anim").path
        #expect(library.problems == ["\(bad):1: first line must be '# pulpe-animation v1'"])
    }

    @Test func aFolderWithoutAnimFilesFallsBackToTheEmbeddedAssets() throws {
        let root = try assetsDirectory([:])
        defer { try? FileManager.default.removeItem(at: root) }
        let library = AnimationLibrary.standard(environment: ["PULPE_ASSETS_DIR": root.path])
        #expect(library.animations.keys.sorted() == AnimationLibrary.embedded.animations.keys.sorted())
        #expect(library.problems.count == 1)
        #expect(library.problems.first?.hasSuffix("no .anim files found; using the built-in animations") == true)
    }
}
