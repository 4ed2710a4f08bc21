import PulpeCore
import PulpeTerminal

/// What every view needs besides the state: how capable the terminal is, and the animations.
public struct ViewContext: Sendable {
    public var capabilities: Capabilities
    public var animations: AnimationLibrary

    public init(capabilities: Capabilities, animations: AnimationLibrary) {
        self.capabilities = capabilities
        self.animations = animations
    }

    /// Box drawing, spinners and bars in Unicode, or their ASCII stand-ins.
    public var glyphs: Glyphs { capabilities.unicode ? .unicode : .ascii }
}

/// A painted frame and when the picture will next change by itself (an animation frame), so the
/// runtime sleeps until then instead of redrawing on a fixed tick.
public struct RenderedFrame: Sendable {
    public var buffer: CellBuffer
    public var nextRedraw: AppTime?

    public init(buffer: CellBuffer, nextRedraw: AppTime?) {
        self.buffer = buffer
        self.nextRedraw = nextRedraw
    }
}
