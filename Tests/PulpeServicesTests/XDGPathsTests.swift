import Foundation
import Testing
@testable import PulpeServices

@Suite struct XDGPathsTests {
    @Test func defaultsLiveUnderHome() {
        let paths = XDGPaths(environment: ["HOME": "/home/ana"])
        #expect(paths.config.path == "/home/ana/.config/pulpe")
        #expect(paths.data.path == "/home/ana/.local/share/pulpe")
        #expect(paths.cache.path == "/home/ana/.cache/pulpe")
        #expect(paths.state.path == "/home/ana/.local/state/pulpe")
        #expect(paths.logFile.path == "/home/ana/.local/state/pulpe/pulpe.log")
    }

    @Test func absoluteXDGVariablesWinAndRelativeOnesAreIgnored() {
        let paths = XDGPaths(environment: ["HOME": "/home/ana", "XDG_STATE_HOME": "/var/st", "XDG_CACHE_HOME": "relative/cache"])
        #expect(paths.state.path == "/var/st/pulpe")
        #expect(paths.cache.path == "/home/ana/.cache/pulpe")
    }
}
