import Foundation
import PulpeUI

/// Reads the `*.anim` files of `PULPE_ASSETS_DIR/animations`, so a designer can try a drawing
/// without rebuilding. Here in the app rather than in PulpeUI because views never do I/O: PulpeUI
/// parses text and embeds the built-in copies, the app decides where text comes from.
extension AnimationLibrary {
    /// The embedded assets, or the `*.anim` files of `PULPE_ASSETS_DIR/animations` when set. A
    /// folder without any `.anim` file falls back to the embedded assets; every file that cannot be
    /// read or parsed is named in `problems`, in English, for the log.
    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> AnimationLibrary {
        guard let directory = environment["PULPE_ASSETS_DIR"], !directory.isEmpty else { return .embedded }
        let folder = URL(fileURLWithPath: directory).appendingPathComponent("animations")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var sources: [(file: String, text: String)] = []
        var problems: [String] = []
        for name in names.sorted() where name.hasSuffix(".anim") {
            let path = folder.appendingPathComponent(name).path
            if let data = FileManager.default.contents(atPath: path) {
                sources.append((path, String(decoding: data, as: UTF8.self)))
            } else {
                problems.append("\(path):1: cannot be read")
            }
        }
        if sources.isEmpty { problems.append("\(folder.path): no .anim files found; using the built-in animations") }
        let library = sources.isEmpty ? AnimationLibrary.embedded : load(sources)
        return AnimationLibrary(animations: library.animations, problems: problems + library.problems)
    }
}
