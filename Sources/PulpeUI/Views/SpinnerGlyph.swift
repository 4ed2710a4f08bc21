import PulpeCore
import PulpeTerminal

/// The spinner's glyph at a moment: braille frames in UTF-8, `|/-\` in ASCII, a static `…`
/// with reduced motion. Its frame follows the clock, so it needs no state of its own.
enum SpinnerGlyph {
    static let frameDuration: Duration = .milliseconds(80)

    static func glyph(since start: AppTime, now: AppTime, context: ViewContext) -> String {
        if context.capabilities.reducedMotion { return context.glyphs.ellipsis }
        let frames = context.glyphs.spinnerFrames
        guard !frames.isEmpty else { return "" }
        let index = max(0, Int((now - start) / frameDuration)) % frames.count
        return frames[index]
    }

    /// When the glyph changes next (nil with reduced motion: it never moves).
    static func nextFrame(since start: AppTime, now: AppTime, context: ViewContext) -> AppTime? {
        if context.capabilities.reducedMotion { return nil }
        let ticks = max(0, Int((now - start) / frameDuration))
        return start + frameDuration * (ticks + 1)
    }
}
