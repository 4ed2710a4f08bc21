/// Turns elapsed time into a frame of an animation.
///
/// The frame is a pure function of the time since the animation started: no frame counter is
/// stored, so a slow paint never makes the animation drift and tests can ask for any instant.
public struct AnimationPlayer: Hashable, Sendable {
    public var animation: Animation
    public var reducedMotion: Bool

    public init(animation: Animation, reducedMotion: Bool) {
        self.animation = animation
        self.reducedMotion = reducedMotion
    }

    private var frameDuration: Duration { .seconds(1) / animation.framesPerSecond }

    /// The index of the frame to show `elapsed` after the start. With reduced motion, the
    /// first frame (one-shot animations show their final frame: it is the finished picture).
    public func frameIndex(at elapsed: Duration) -> Int {
        let count = animation.frames.count
        guard count > 1 else { return 0 }
        if reducedMotion { return animation.loops ? 0 : count - 1 }
        let ticks = max(0, Int(elapsed / frameDuration))
        return animation.loops ? ticks % count : min(ticks, count - 1)
    }

    /// When the picture next changes, so the event loop can sleep until then; nil when it
    /// never changes again (reduced motion, a single frame, or a finished one-shot).
    public func nextChange(after elapsed: Duration) -> Duration? {
        let count = animation.frames.count
        guard count > 1, !reducedMotion else { return nil }
        let ticks = max(0, Int(elapsed / frameDuration))
        if !animation.loops && ticks >= count - 1 { return nil }
        return frameDuration * (ticks + 1)
    }

    public func frame(at elapsed: Duration) -> AnimationFrame {
        animation.frames[frameIndex(at: elapsed)]
    }
}
