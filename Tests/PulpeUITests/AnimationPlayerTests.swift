import Testing
@testable import PulpeUI

@Suite struct AnimationPlayerTests {
    private func animation(frames: Int, fps: Int = 10, loops: Bool) -> Animation {
        Animation(name: "t", framesPerSecond: fps, loops: loops,
                  frames: (0..<frames).map { AnimationFrame(lines: ["\($0)"]) })
    }

    @Test func aLoopShowsEachFrameOnceAtTheNominalRate() {
        let player = AnimationPlayer(animation: animation(frames: 4, loops: true), reducedMotion: false)
        let shown = (0..<12).map { player.frameIndex(at: .milliseconds(100 * $0)) }
        #expect(shown == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3])
        #expect(player.frameIndex(at: .milliseconds(99)) == 0)
        #expect(player.nextChange(after: .milliseconds(250)) == .milliseconds(300))
    }

    @Test func aOneShotHoldsItsLastFrameAndStopsWaking() {
        let player = AnimationPlayer(animation: animation(frames: 3, loops: false), reducedMotion: false)
        #expect(player.frameIndex(at: .seconds(5)) == 2)
        #expect(player.nextChange(after: .milliseconds(150)) == .milliseconds(200))
        #expect(player.nextChange(after: .milliseconds(200)) == nil)
    }

    @Test func reducedMotionShowsOneFrameAndNeverWakes() {
        let loop = AnimationPlayer(animation: animation(frames: 3, loops: true), reducedMotion: true)
        #expect(loop.frameIndex(at: .milliseconds(250)) == 0)
        #expect(loop.nextChange(after: .zero) == nil)
        let oneShot = AnimationPlayer(animation: animation(frames: 3, loops: false), reducedMotion: true)
        #expect(oneShot.frameIndex(at: .zero) == 2)
    }
}
