/// The animations the app can play, parsed and validated once at start-up.
///
/// They come from the copies compiled into the binary, or from `PULPE_ASSETS_DIR` when a designer
/// wants to try a drawing without rebuilding (the app reads those files: views never do I/O, so
/// this type only parses text). A broken file never crashes the app: its problems are collected for
/// the log and the player gets a static fallback frame instead.
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

    /// The copies compiled into the binary.
    public static var embedded: AnimationLibrary { load(EmbeddedAssets.animations) }

    /// The named animation, or a one-frame stand-in so the screen still shows something sensible.
    public func animation(named name: String) -> Animation {
        animations[name] ?? Animation(name: name, framesPerSecond: 1, loops: false,
                                      frames: [AnimationFrame(lines: ["pulpe"])])
    }
}
