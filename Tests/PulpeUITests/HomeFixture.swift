import Foundation
import PulpeCore
import PulpeDomain
import PulpeUI

/// The home screen on `PanelFixtures`' months, signed in and settled, as the golden tests of the
/// gestures, the search, the prévision form and the new-month offer start from it.
enum HomeFixture {
    static func state(columns: Int, rows: Int, shown month: BudgetMonth = PanelFixtures.november,
                      months: [BudgetMonth: MonthContent] = [PanelFixtures.november: .budget(PanelFixtures.novemberDetails)],
                      service: ServiceStatus = .available) -> AppState {
        let settings = UserSettings(payDayOfMonth: PanelFixtures.payDay, currency: .chf)
        var browse = BrowseState(today: PanelFixtures.today, settings: settings)
        browse.month = month
        for (month, content) in months {
            browse.months[month] = .loaded(Fetched(content, fetchedAt: at("14:32"), fromCache: false))
        }
        browse.years[2026] = .loaded(Fetched(PanelFixtures.year2026, fetchedAt: at("14:32"), fromCache: false))
        browse.layOutList(in: Size(width: columns, height: rows))
        let session = SessionSummary(email: "demo@pulpe.local", isDemo: false, isUnlocked: true)
        var state = AppState.at(home: (HomeState(session: session, settings: .loaded(settings), browse: browse)),
                                columns: columns, rows: rows)
        state.session = session
        state.service = service
        state.timeZone = PanelFixtures.timeZone
        return state
    }
}
