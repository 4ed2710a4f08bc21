import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// « Bilan du mois » (decision 122): shown once at the first start of a new period (the period
/// last shown was October, November has begun), over the home screen at 80×24 and 120×40; not at
/// an account's very first start (the period is recorded instead), not twice in a period.
@Suite struct RecapGoldenTests {
    static let october = BudgetMonth(year: 2026, month: 10)

    static var octoberDetails: BudgetDetails { PanelFixtures.octoberDetails }

    static func started(columns: Int, rows: Int) -> AppState {
        var state = HomeFixture.state(columns: columns, rows: rows, months: [PanelFixtures.november: .budget(PanelFixtures.novemberDetails),
                                                                              october: .budget(octoberDetails)])
        state.home?.recap = .asking
        return state
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func shownAtTheFirstStartOfANewPeriod(columns: Int, rows: Int) {
        var state = Self.started(columns: columns, rows: rows)
        let effects = Core.update(&state, .budgets(.recapSeenLoaded(Self.october, at: .seconds(1))))
        #expect(effects == [.budgets(.markRecapSeen(PanelFixtures.november))], "recorded as soon as it is shown")
        guard case let .recap(recap)? = state.overlay else { Issue.record("\(String(describing: state.overlay))"); return }
        #expect(recap.month == Self.october)
        expectGolden("recap-\(columns)x\(rows)", state: state, context: Contexts.colour)
        #expect(KeyTable.message(for: .enter, in: state) == .action(.app(.closeOverlay)))
        _ = Core.update(&state, .action(.app(.closeOverlay)))
        #expect(state.overlay == nil)
    }

    @Test func notAtAnAccountsFirstStartNorTwiceInAPeriod() {
        var first = Self.started(columns: 80, rows: 24)
        #expect(Core.update(&first, .budgets(.recapSeenLoaded(nil, at: .seconds(1)))) == [.budgets(.markRecapSeen(PanelFixtures.november))])
        #expect(first.overlay == nil && first.home?.recap == .done)
        var again = Self.started(columns: 80, rows: 24)
        #expect(Core.update(&again, .budgets(.recapSeenLoaded(PanelFixtures.november, at: .seconds(1)))).isEmpty)
        #expect(again.overlay == nil && again.home?.recap == .done)
    }

    @Test func waitsForTheClosedMonthsFigures() {
        var state = HomeFixture.state(columns: 80, rows: 24)
        state.home?.recap = .asking
        let effects = Core.update(&state, .budgets(.recapSeenLoaded(Self.october, at: .seconds(1))))
        #expect(effects.contains(.budgets(.loadMonth(Self.october))) && state.overlay == nil)
        let loaded = Core.update(&state, .budgets(.monthLoaded(Self.october, .fetched(Fetched(.budget(Self.octoberDetails), fetchedAt: at("14:40"),
                                                                                                   fromCache: false)),
                                                               at: .seconds(2))))
        #expect(loaded.contains(.budgets(.markRecapSeen(PanelFixtures.november))), "\(loaded)")
        if case .recap? = state.overlay {} else { Issue.record("\(String(describing: state.overlay))") }
    }
}
