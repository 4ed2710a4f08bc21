import PulpeDomain
import Testing
@testable import PulpeCore

/// The home screen's forms and screens (`HomePanel`, decision 108): one at a time, and « may it
/// open » is the same rule for every one — an open panel is never replaced by another's open
/// action, whichever it is.
struct HomePanelTests {
    static let opens: [(name: String, action: Action)] = [
        ("quick-add", .quickAdd(.open)), ("search", .search(.open)), ("reconcile", .reconcile(.open)),
        ("tags", .tags(.open)), ("import", .importStatement(.open)),
    ]

    /// November shown, its budget and transactions loaded, the tags known.
    static func browsing() -> Session { TagsScreenTests.session() }

    /// The open action, and « non » to the question reconcile asks first when items are still to
    /// check (then its form opens).
    static func open(_ index: Int, in session: inout Session) {
        session.press(opens[index].action)
        if case .confirm? = session.state.overlay { session.press(.confirm(.no)) }
    }

    @Test(arguments: opens.indices)
    func eachPanelOpensOverNothing(_ index: Int) {
        var session = Self.browsing()
        #expect(session.state.home?.panel == nil)
        Self.open(index, in: &session)
        #expect(session.state.home?.panel != nil, "\(Self.opens[index].name) opens")
    }

    @Test(arguments: opens.indices, opens.indices)
    func anOpenPanelIsNeverReplaced(_ open: Int, _ other: Int) {
        var session = Self.browsing()
        Self.open(open, in: &session)
        let opened = session.state.home?.panel
        #expect(opened != nil)
        Self.open(other, in: &session)
        #expect(session.state.home?.panel == opened, "\(Self.opens[other].name) over \(Self.opens[open].name)")
    }

    @Test func closingOnePanelByNameLeavesAnotherOpen() {
        var home = HomeState(session: SessionSummary(email: "a@b.c", isDemo: false, isUnlocked: true), quickAdd: nil, search: SearchState())
        home.quickAdd = nil
        #expect(home.search != nil, "closing the quick-add, which is not open, closes nothing")
        home.search = nil
        #expect(home.panel == nil)
    }
}
