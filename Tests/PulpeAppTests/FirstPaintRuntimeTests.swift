import Clocks
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeStore
import PulpeTerminal
import Testing
@testable import PulpeApp

/// A status check that answers only when the test says so: the server holding
/// `GET /maintenance/status` back.
final class HeldCheck: AvailabilityService {
    private let answers: AsyncStream<ServiceCheckOutcome>
    private let release: AsyncStream<ServiceCheckOutcome>.Continuation

    init() { (answers, release) = AsyncStream.makeStream() }

    func answer(_ outcome: ServiceCheckOutcome) { release.yield(outcome) }

    func checkService() async -> ServiceCheckOutcome {
        for await outcome in answers { return outcome }
        return .unreachable
    }

    var maintenanceSignals: AsyncStream<String?> { AsyncStream { $0.finish() } }
    var offlineChanges: AsyncStream<Bool> { AsyncStream { $0.finish() } }
}

/// docs/product.md §2.2 through the real loop and runner: a returning demo user's cached month is on
/// screen while the check is still out, with no request made; the check's « available » then
/// restores the session and asks the server, without the splash again.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct FirstPaintRuntimeTests {
    @Test func theCachedMonthIsPaintedWhileTheCheckIsHeldThenRefreshed() async {
        let november21 = CalendarDay(year: 2026, month: 11, day: 21)!
        let demo = SessionSummary(email: "demo-1@pulpe.local", isDemo: true, isUnlocked: false)
        let scripted = ScriptedServices(session: SessionSummary(email: demo.email, isDemo: true, isUnlocked: true),
                                        cachedSettings: .cached(UserSettings(payDayOfMonth: 25, currency: .chf), today: november21),
                                        offline: demo)
        let check = HeldCheck()
        let set = ServiceSet(availability: check, sessions: scripted, budgets: scripted, outbox: scripted)
        let harness = RuntimeHarness(services: scripted, provider: ServiceProvider(ready: set), size: Size(width: 100, height: 30))
        harness.runtime.begin()
        // No clock advance: the splash's minimum never runs out; the cached month ends it.
        #expect(await harness.stepUntil(limit: 60) { harness.screen.contains("Novembre 2026") })
        // « Vérification du service… » keeps its minimum (800 ms), then the line says the data's age.
        await harness.clock.advance(by: .milliseconds(800))
        #expect(await harness.stepUntil { harness.screen.contains("Données du") }, "marked with its age\n\(harness.screen)")
        let beforeTheAnswer = harness.services.recorded
        for request in ["restoreSession", "prepareHome", "loadSettings", "fetchMonth", "fetchYear", "sync"] {
            #expect(!beforeTheAnswer.contains(request), "\(request) before the check answered: \(beforeTheAnswer)")
        }
        check.answer(.available)
        #expect(await harness.stepUntil(limit: 80) { harness.hasFreshMonth })
        let recorded = harness.services.recorded
        #expect(recorded.contains("restoreSession") && recorded.contains("fetchMonth"))
        #expect(!harness.isOnSplash)
    }
}
