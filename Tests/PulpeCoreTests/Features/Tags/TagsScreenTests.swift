import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// The tags screen (`T`, decision 89) and the tag chart (`H`, decision 88): every change is an intent stored like
/// every write; a delete says first what carries the tag in the shown month.
struct TagsScreenTests {
    static let resto = Tag(id: "g-1", userId: "u", name: "Resto", createdAt: at("12:00"), updatedAt: at("12:00"))
    static let vacances = Tag(id: "g-2", userId: "u", name: "Vacances", createdAt: at("12:00"), updatedAt: at("12:00"))

    /// November with « Café du Marché » tagged Resto, the catalogue known.
    static func session() -> Session {
        var session = QuickAddFixture.browsing()
        var details = QuickAddFixture.novemberDetails
        details.transactions[1].tagIds = ["g-1"]
        session.send(.budgets(.monthLoaded(QuickAddFixture.november,
                                          .fetched(Fetched(.budget(details), fetchedAt: at("14:33"), fromCache: false)), at: .seconds(3))))
        session.send(.budgets(.tagsLoaded([resto, vacances], at: .seconds(3))))
        return session
    }

    static func stored(_ effects: [Effect]) -> [WriteOperation] {
        effects.compactMap { effect in
            if case let .outbox(.storeChange(draft, _)) = effect { return draft.operation }
            return nil
        }
    }

    static func type(_ text: String, into session: inout Session) {
        for character in text { session.send(.text(.insert(character))) }
    }

    @Test func aDeleteSaysWhatCarriesTheTagThenStoresIt() {
        var session = Self.session()
        session.press(.tags(.open))
        #expect(session.state.home?.tags?.mode == .list)
        session.press(.tags(.moveDown))
        session.press(.tags(.delete))
        #expect(session.state.home?.tags?.mode == .confirmingDelete(Self.vacances, carriers: []))
        session.press(.tags(.cancel))
        session.press(.tags(.moveUp))
        session.press(.tags(.delete))
        #expect(session.state.home?.tags?.mode == .confirmingDelete(Self.resto, carriers: ["Café du Marché"]))
        let effects = session.send(.action(.tags(.submit)))
        #expect(Self.stored(effects) == [.deleteTag(id: "g-1")])
        #expect(session.state.home?.tags?.mode == .list, "the screen stays, back on its list")
        session.press(.tags(.cancel))
        #expect(session.state.home?.tags == nil, "Échap on the list closes it")
    }

    @Test func aNewTagAndARenameAreIntents() {
        var session = Self.session()
        session.press(.tags(.open))
        session.press(.tags(.add))
        Self.type("  ", into: &session)
        #expect(Self.stored(session.send(.action(.tags(.submit)))).isEmpty)
        #expect(session.state.home?.tags?.problem == .nameMissing, "a blank name is said, nothing stored")
        Self.type("Ciné", into: &session)
        #expect(Self.stored(session.send(.action(.tags(.submit)))) == [.createTag(name: "Ciné")])

        session.press(.tags(.rename))
        #expect(session.state.home?.tags?.name.text == "Resto", "the name to change, ready to edit")
        session.send(.text(.clear))
        Self.type("Restaurants", into: &session)
        #expect(Self.stored(session.send(.action(.tags(.submit)))) == [.renameTag(id: "g-1", name: "Restaurants")])
        session.press(.tags(.moveDown))
        session.press(.tags(.rename))
        session.send(.text(.clear))
        Self.type("resto", into: &session)
        #expect(Self.stored(session.send(.action(.tags(.submit)))).isEmpty, "another tag's name: refused, nothing stored")
    }

    @Test func enterFiltersTheMonthByTheTag() {
        var session = Self.session()
        session.press(.tags(.open))
        session.press(.tags(.submit))
        #expect(session.state.home?.tags == nil)
        #expect(session.state.home?.browse?.filter.text == "#Resto")
        #expect(session.state.home?.browse?.list.rows.count == 1, "only the tagged row")
    }

    @Test func theChartReadsItsWindowAndDropsALateAnswer() {
        var session = Self.session()
        session.press(.tags(.open))
        let opened = session.send(.action(.tags(.history)))
        #expect(opened == [.budgets(.loadTagHistory(tagId: "g-1", months: 12, end: QuickAddFixture.november, askServer: true))])
        let wider = session.send(.action(.tagChart(.widen)))
        #expect(wider == [.budgets(.loadTagHistory(tagId: "g-1", months: 24, end: QuickAddFixture.november, askServer: true))])
        let late = TagHistory.compute(tagId: "g-1", months: 12, end: QuickAddFixture.november, from: [])
        session.send(.budgets(.tagHistoryLoaded(late, fromServer: true, at: .seconds(4))))
        guard case let .tagChart(chart)? = session.state.overlay else { Issue.record("no chart"); return }
        #expect(chart.history == nil, "the 12 months' answer came for a window no longer shown")
        let shown = TagHistory.compute(tagId: "g-1", months: 24, end: QuickAddFixture.november, from: [])
        session.send(.budgets(.tagHistoryLoaded(shown, fromServer: false, at: .seconds(4))))
        guard case let .tagChart(after)? = session.state.overlay else { Issue.record("no chart"); return }
        #expect(after.history == shown && !after.fromServer)
    }

    @Test func hChartsTheTagTheFilterNames() {
        var session = Self.session()
        #expect(Core.chartTags(session.state).isEmpty, "no tagged row selected, no # word")
        session.send(.action(.browse(.startFilter)))
        Self.type("#vac", into: &session)
        #expect(Core.chartTags(session.state) == [Self.vacances])
    }
}
