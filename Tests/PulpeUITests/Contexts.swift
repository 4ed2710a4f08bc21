import Foundation
import PulpeCore
import PulpeTerminal
import PulpeTestSupport
import PulpeUI
import Testing

enum Contexts {
    static let animations = AnimationLibrary.load(EmbeddedAssets.animations)
    static let colour = ViewContext(capabilities: Capabilities(unicode: true, colorDepth: .ansi256, reducedMotion: false),
                                    animations: animations, timeZone: PanelFixtures.timeZone)
    static let asciiNoColour = ViewContext(capabilities: Capabilities(unicode: false, colorDepth: .none, reducedMotion: false),
                                           animations: animations, timeZone: PanelFixtures.timeZone)
    static let reducedMotion = ViewContext(capabilities: Capabilities(unicode: true, colorDepth: .ansi256, reducedMotion: true),
                                           animations: animations, timeZone: PanelFixtures.timeZone)
}
