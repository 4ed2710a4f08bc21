import Foundation

/// The animations the app can play, parsed and validated once at start-up.
///
/// They come from the copies compiled into the binary, or from `PULPE_ASSETS_DIR` when a designer
/// wants to try a drawing without rebuilding. A broken file never crashes the app: its problems are
/// collected for the log and the player gets a static fallback frame instead.
public struct AnimationLibrary: Sendable {
    public private(set) var animations: [String: Animation]
    /// Every problem found while loading, in English, each naming its file and line.
    public private(set) var problems: [String]

    public init(animations: [String: Animation], problems: [String] = []) {
        self.animations = animations
        self.problems = problems
    }

    /// Parses `(file, text)` pairs; the animation's `name:` header is its key.
    public static func load(_ sources: [(file: String, text: String)]) -> AnimationLibrary {
        var animations: [String: Animation] = [:]
        var problems: [String] = []
        for source in sources {
            do {
                let animation = try AnimationParser.parse(source.text, file: source.file)
                animations[animation.name] = animation
            } catch {
                problems.append(error.description)
            }
        }
        return AnimationLibrary(animations: animations, problems: problems)
    }

    /// The embedded assets, or the `*.anim` files of `PULPE_ASSETS_DIR/animations` when set.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> AnimationLibrary {
        guard let directory = environment["PULPE_ASSETS_DIR"], !directory.isEmpty else {
            return load(EmbeddedAssets.animations)
        }
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
        var library = sources.isEmpty ? load(EmbeddedAssets.animations) : load(sources)
        library.problems = problems + library.problems
        return library
    }

    /// The named animation, or a one-frame stand-in so the screen still shows something sensible.
    public func animation(named name: String) -> Animation {
        animations[name] ?? Animation(name: name, framesPerSecond: 1, loops: false,
                                      frames: [AnimationFrame(lines: ["pulpe"])])
    }
}
