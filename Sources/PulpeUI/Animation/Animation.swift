/// A parsed ASCII-frame animation (see `docs/animation-format.md` and `assets/animations/`).
public struct Animation: Hashable, Sendable {
    public var name: String
    /// Frames per second at nominal speed; the player derives each frame's index from the clock.
    public var framesPerSecond: Int
    /// A looping animation starts again after its last frame; a one-shot one holds the last frame.
    public var loops: Bool
    public let frames: [AnimationFrame]
    /// The widest line of any frame, so the player can centre every frame on the same box
    /// and the picture does not wobble from frame to frame. Stored, not computed: every frame
    /// drawn asks for it, and counting graphemes is not free.
    public let width: Int
    /// The most lines of any frame.
    public let height: Int

    public init(name: String, framesPerSecond: Int, loops: Bool, frames: [AnimationFrame]) {
        self.name = name
        self.framesPerSecond = framesPerSecond
        self.loops = loops
        self.frames = frames
        self.width = frames.map(\.width).max() ?? 0
        self.height = frames.map(\.lines.count).max() ?? 0
    }
}

/// One frame: its text lines and, optionally, a colour-role letter per character.
public struct AnimationFrame: Hashable, Sendable {
    public let lines: [String]
    /// Same shape as `lines`; each character names a role (see `AnimationRoleHint`). Empty when the
    /// frame has no hints, in which case the whole frame uses the animation's default role.
    public let roleHints: [String]
    /// The widest line, in characters.
    public let width: Int

    public init(lines: [String], roleHints: [String] = []) {
        self.lines = lines
        self.roleHints = roleHints
        self.width = lines.map(\.count).max() ?? 0
    }
}
