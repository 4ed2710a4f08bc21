import Foundation
import PulpeDomain
import PulpeCore
import PulpeTerminal

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
