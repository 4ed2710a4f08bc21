/// What covers the home screen's panels: one form or screen at a time (decision 108). « May it
/// open » is `home.panel == nil`; the view, the key table's scopes, text entry and typing each
/// switch over it once, so a new form is one case here and one in each of those switches.
public enum HomePanel: Hashable, Sendable {
    /// The quick-add form, with what was typed (maintenance keeps it: it is part of the
    /// screen's value).
    case quickAdd(QuickAddForm)
    /// The search across months (`S`), with what was typed and found.
    case search(SearchState)
    /// « Rapprocher mes comptes » (`b`), with the balances typed.
    case reconcile(ReconcileForm)
    /// The tags screen (`T`).
    case tags(TagsScreen)
    /// The bank statement import (`I`).
    case importReview(ImportReview)
}

/// Each panel by its own name, for the reducers that work on one: reading gives it when it is
/// the open one; setting opens it (over nothing — the reducers' guards see to that) or, with
/// nil, closes it when it is the open one.
extension HomeState {
    public var quickAdd: QuickAddForm? {
        get { if case let .quickAdd(form)? = panel { form } else { nil } }
        set { set(newValue.map(HomePanel.quickAdd), closing: quickAdd != nil) }
    }

    public var search: SearchState? {
        get { if case let .search(search)? = panel { search } else { nil } }
        set { set(newValue.map(HomePanel.search), closing: search != nil) }
    }

    public var reconcile: ReconcileForm? {
        get { if case let .reconcile(form)? = panel { form } else { nil } }
        set { set(newValue.map(HomePanel.reconcile), closing: reconcile != nil) }
    }

    public var tags: TagsScreen? {
        get { if case let .tags(screen)? = panel { screen } else { nil } }
        set { set(newValue.map(HomePanel.tags), closing: tags != nil) }
    }

    public var importReview: ImportReview? {
        get { if case let .importReview(review)? = panel { review } else { nil } }
        set { set(newValue.map(HomePanel.importReview), closing: importReview != nil) }
    }

    /// `new` when given; else nil only when the panel being closed is the open one.
    private mutating func set(_ new: HomePanel?, closing isOpen: Bool) {
        if let new {
            panel = new
        } else if isOpen {
            panel = nil
        }
    }
}
