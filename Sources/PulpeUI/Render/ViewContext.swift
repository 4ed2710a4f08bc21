import Foundation
import PulpeDomain
import PulpeCore
import PulpeTerminal

/// What every view needs besides the state: how capable the terminal is, and the animations.
public struct ViewContext: Sendable {
    public var capabilities: Capabilities
    public var animations: AnimationLibrary
    /// Screen-reader friendly mode (`--plain`): status changes are written as plain sentences,
    /// no spinner glyph, no animation.
    public var plain: Bool
    /// The user's time zone: a transaction's calendar day is computed in it.
    public var timeZone: LocalZone

    public init(capabilities: Capabilities, animations: AnimationLibrary, plain: Bool = false,
                timeZone: LocalZone = .system) {
        self.timeZone = timeZone
        var capabilities = capabilities
        if plain { capabilities.reducedMotion = true }
        self.capabilities = capabilities
        self.animations = animations
        self.plain = plain
    }

    /// Box drawing, spinners and bars in Unicode, or their ASCII stand-ins.
    public var glyphs: Glyphs { capabilities.unicode ? .unicode : .ascii }
}
