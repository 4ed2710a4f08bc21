import Foundation
import PulpeNetworking
import PulpeStatusLine
import PulpeStore
import Testing

/// The launcher finds the files `pulpe status` reads where the app's stores put them: the same
/// XDG rules, written twice (the launcher links no Foundation), held equal here.
@Suite struct StatusPathsTests {
    @Test(arguments: [
        ["HOME": "/home/ana"],
        ["HOME": "/home/ana/", "XDG_CONFIG_HOME": "/etc/x", "XDG_STATE_HOME": "/var/st/", "XDG_DATA_HOME": "/d",
         "XDG_CACHE_HOME": "/c"],
        ["HOME": "/home/ana", "XDG_STATE_HOME": "relative/state", "XDG_CACHE_HOME": ""],
    ])
    func theLauncherLooksWhereTheAppWrites(environment: [String: String]) throws {
        let paths = try #require(StatusPaths(environment: environment))
        func same(_ ours: String, _ theirs: String) {
            #expect(URL(fileURLWithPath: ours).standardizedFileURL.path == URL(fileURLWithPath: theirs).standardizedFileURL.path)
        }
        same(paths.config, ConfigFile.defaultPath(environment: environment))
        same(paths.session, SessionStore.defaultFileURL(environment: environment).path)
        same(paths.keptKeys, KeptClientKeys.defaultFileURL(environment: environment).path)
        same(paths.keyChecks, KeyCheckMemory.legacyFileURL(environment: environment).path)
        same(paths.outbox, OutboxStore.defaultPath(environment: environment))
        same(paths.cache, CacheStore.defaultPath(environment: environment))
    }

    @Test func withoutAHomeTheLauncherLeavesItToTheApp() {
        #expect(StatusPaths(environment: [:]) == nil)
        #expect(StatusPaths(environment: ["HOME": "relative"]) == nil)
    }
}
