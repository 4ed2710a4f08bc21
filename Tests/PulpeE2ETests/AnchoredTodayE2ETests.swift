import Foundation
import PulpeTestSupport
import Testing

/// `PULPE_TODAY` (decision 80) takes effect or stops every binary: a day that is not
/// one was read as « no anchor », so an anchored run passed on the real day. `scripts/e2e.sh`
/// asks `pulpe-server --print-today` which day an anchor gives before it runs the anchored suites.
@Suite struct AnchoredTodayE2ETests {
    typealias Shell = ShellAddE2ETests

    @Test(arguments: ["2026-02-30", "2026-1-05", "26.11.2026", "tomorrow", "2026-11-25 "])
    func aMalformedDayStopsEveryBinary(_ day: String) throws {
        let home = try TemporaryDirectory(prefix: "pulpe-anchor")
        defer { home.remove() }
        let message = "PULPE_TODAY must be a day as YYYY-MM-DD, not \"\(day)\"\n"
        let anchored = ["PULPE_TODAY": day]
        // The launcher's fast path and the app behind it, each on its own.
        let status = try Shell.pulpe(["status"], home: home.path, extra: anchored)
        #expect(status.status == 64 && status.out.isEmpty && status.err == "pulpe: " + message, "\(status)")
        let app = try Shell.pulpe(["month"], home: home.path, binary: BinaryLocator.path(of: "pulpe-app"), extra: anchored)
        #expect(app.status == 64 && app.out.isEmpty && app.err == "pulpe: " + message, "\(app)")
        let server = try Shell.pulpe(["--print-today"], home: home.path, binary: BinaryLocator.path(of: "pulpe-server"),
                                     extra: anchored)
        #expect(server.status == 2 && server.out.isEmpty && server.err == "pulpe-server: " + message, "\(server)")
    }

    @Test func theSandboxSaysWhichDayItTakesForToday() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-anchor-day")
        defer { home.remove() }
        let server = BinaryLocator.path(of: "pulpe-server")
        for day in ["2027-02-28", "2028-02-29", "2026-12-31"] {
            let told = try Shell.pulpe(["--print-today"], home: home.path, binary: server, extra: ["PULPE_TODAY": day])
            #expect(told.status == 0 && told.out == day + "\n", "\(day): \(told)")
        }
    }
}
