/// A parsed ASCII-frame animation (see `docs/animation-format.md` and `assets/animations/`).
public struct Animation: Hashable, Sendable {
    public var name: String
    /// Frames per second at nominal speed; the player derives each frame's index from the clock.
    public var framesPerSecond: Int
    /// A looping animation starts again after its last frame; a one-shot one holds the last frame.
    public var loops: Bool
    public var frames: [AnimationFrame]

    public init(name: String, framesPerSecond: Int, loops: Bool, frames: [AnimationFrame]) {
        self.name = name
        self.framesPerSecond = framesPerSecond
        self.loops = loops
        self.frames = frames
    }

    /// The widest line of any frame, so the player can centre every frame on the same box
    /// and the picture does not wobble from frame to frame.
    public var width: Int { frames.map(\.width).max() ?? 0 }
    public var height: Int { frames.map(\.lines.count).max() ?? 0 }
}

/// One frame: its text lines and, optionally, a colour-role letter per character.
public struct AnimationFrame: Hashable, Sendable {
    public var lines: [String]
    /// Same shape as `lines`; each character names a role (see `AnimationRoleHint`). Empty when the
    /// frame has no hints, in which case the whole frame uses the animation's default role.
    public var roleHints: [String]

    public init(lines: [String], roleHints: [String] = []) {
        self.lines = lines
        self.roleHints = roleHints
    }

    public var width: Int { lines.map(\.count).max() ?? 0 }
}
