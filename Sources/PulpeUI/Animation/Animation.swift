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
