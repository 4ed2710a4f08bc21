import PulpeCore
import PulpeDomain
import PulpeTerminal
@testable import PulpeUI
import Testing
import Foundation
import PulpeTestSupport

/// The splash in its four variants (80×24 and 60×20, UTF-8 colour and ASCII NO_COLOR).
@Suite struct SplashVariantsGoldenTests {
    @Test func splashVariants() {
        for variant in RootScreensGoldenTests.variants {
            let state = AppState.at(.splash(SplashState(shownAt: .zero)), columns: variant.columns, rows: variant.rows)
            expectGolden("splash-\(variant.name)", state: state, now: .milliseconds(1200), context: variant.context)
        }
    }
}
