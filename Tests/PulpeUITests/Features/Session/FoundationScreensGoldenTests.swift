import PulpeDomain
import PulpeCore
import PulpeUI
import Testing

/// Golden screens of what the foundation shows: splash, home, help, « Terminal trop petit ».
@Suite struct FoundationScreensGoldenTests {
    private let splash = Screen.splash(SplashState(shownAt: .zero))

    @Test(arguments: [(80, 24), (120, 40), (60, 20)])
    func home(columns: Int, rows: Int) {
        expectGolden("home-\(columns)x\(rows)", state: .at(home: .alice, columns: columns, rows: rows), context: Contexts.colour)
    }

    @Test func homeInAsciiWithoutColour() {
        expectGolden("home-80x24-ascii", state: .at(home: .alice, columns: 80, rows: 24), context: Contexts.asciiNoColour)
    }

    @Test func splashFirstFrameMiddleAndEnd() {
        let state = AppState.at(splash, columns: 80, rows: 24)
        expectGolden("splash-80x24-t0", state: state, now: .zero, context: Contexts.colour)
        expectGolden("splash-80x24-t350", state: state, now: .milliseconds(350), context: Contexts.colour)
        expectGolden("splash-80x24-t1200", state: state, now: .milliseconds(1200), context: Contexts.colour)
    }

    @Test func splashWithReducedMotionShowsTheFinishedLogoAtOnce() {
        let state = AppState.at(splash, columns: 60, rows: 20)
        expectGolden("splash-60x20-reduced-motion", state: state, now: .zero, context: Contexts.reducedMotion)
    }

    @Test(arguments: [(80, 24), (60, 20)])
    func helpOverlay(columns: Int, rows: Int) {
        expectGolden("help-\(columns)x\(rows)", state: .at(home: .alice, columns: columns, rows: rows, overlay: .help),
                     context: Contexts.colour)
    }

    @Test func helpOverlayInAscii() {
        expectGolden("help-80x24-ascii", state: .at(home: .alice, columns: 80, rows: 24, overlay: .help), context: Contexts.asciiNoColour)
    }

    @Test func tooSmall() {
        expectGolden("too-small-59x19", state: .at(home: .alice, columns: 59, rows: 19), context: Contexts.colour)
        expectGolden("too-small-30x8-ascii", state: .at(home: .alice, columns: 30, rows: 8), context: Contexts.asciiNoColour)
    }

    /// A split pane or a window being dragged: shorter spellings, whole words, never a line cut
    /// mid-word, and at 1×1 one warning mark rather than a stray letter.
    @Test func tooSmallDegradesToShorterSpellings() {
        expectGolden("too-small-20x5", state: .at(home: .alice, columns: 20, rows: 5), context: Contexts.colour)
        expectGolden("too-small-12x3", state: .at(home: .alice, columns: 12, rows: 3), context: Contexts.colour)
        expectGolden("too-small-1x1", state: .at(home: .alice, columns: 1, rows: 1), context: Contexts.colour)
    }

    @Test func tinySizesNeverCrash() {
        for columns in 0...4 {
            for rows in 0...3 {
                _ = RootView.render(.at(home: .alice, columns: columns, rows: rows, overlay: .help), now: .zero, context: Contexts.colour)
                _ = RootView.render(.at(splash, columns: columns, rows: rows), now: .zero, context: Contexts.colour)
            }
        }
    }

    @Test func splashAsksForTheNextFrameThenStops() {
        let state = AppState.at(splash, columns: 80, rows: 24)
        #expect(RootView.render(state, now: .milliseconds(50), context: Contexts.colour).nextRedraw == .milliseconds(100))
        #expect(RootView.render(state, now: .milliseconds(1150), context: Contexts.colour).nextRedraw == nil)
        #expect(RootView.render(state, now: .zero, context: Contexts.reducedMotion).nextRedraw == nil)
        #expect(RootView.render(.at(home: .alice, columns: 80, rows: 24), now: .zero, context: Contexts.colour).nextRedraw == nil)
    }
}
