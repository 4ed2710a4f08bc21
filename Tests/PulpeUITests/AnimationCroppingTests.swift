import PulpeCore
import PulpeDomain
import PulpeTerminal
@testable import PulpeUI
import Testing
import Foundation
import PulpeTestSupport

/// The animation player crops a picture larger than its rectangle around the centre.
@Suite struct AnimationCroppingTests {
    @Test func aSmallRectangleShowsTheMiddleOfThePicture() {
        let animation = Animation(name: "t", framesPerSecond: 1, loops: true,
                                  frames: [AnimationFrame(lines: ["abcdefgh", "ijklmnop", "qrstuvwx", "yz012345"])])
        var painter = Painter(width: 4, height: 2, context: Contexts.colour)
        AnimationView.draw(AnimationPlayer(animation: animation, reducedMotion: false), at: .zero,
                           in: Rect(x: 0, y: 0, width: 4, height: 2), into: &painter, style: Style())
        #expect(painter.buffer.textLines() == ["klmn", "stuv"])
    }

    @Test func aLargeRectangleCentresThePicture() {
        let animation = Animation(name: "t", framesPerSecond: 1, loops: true, frames: [AnimationFrame(lines: ["ab", "cd"])])
        var painter = Painter(width: 6, height: 4, context: Contexts.colour)
        AnimationView.draw(AnimationPlayer(animation: animation, reducedMotion: false), at: .zero,
                           in: Rect(x: 0, y: 0, width: 6, height: 4), into: &painter, style: Style())
        #expect(painter.buffer.textLines() == ["      ", "  ab  ", "  cd  ", "      "])
    }
}
