import PulpeCore
import PulpeTerminal

/// The single key table: it resolves input, draws the footer and fills the `?` help, so the
/// three can never disagree.
public enum KeyTable {
    /// Every feature's rows, in the order the help lists them: each lives beside its view
    /// (`<View>+Keys.swift`); this table keeps the scopes, the shadowing and the concatenation.
    public static let bindings: [KeyBinding] = MainView.bindings
        + ImportReviewView.bindings
        + TagsScreenView.bindings
        + TagChartOverlay.bindings
        + ReportsView.bindings
        + TemplatesView.bindings
        + SettingsView.bindings
        + RecapView.bindings
        + ReconcileView.bindings
        + SearchView.bindings
        + ConfirmOverlay.bindings
        + PendingListOverlay.bindings
        + [KeyBinding([.char("?")], .app(.showHelp), "Aide", scope: .home)]
        + FilterLineView.bindings
        + MaintenanceView.bindings
        + NetworkUnavailableView.bindings
        + LoginView.bindings
        + PinView.bindings
        + QuickAddView.bindings
        + [
            KeyBinding([.char("q")], .app(.quit), "Quitter", scope: .global),
            KeyBinding([.ctrl("l")], .app(.redraw), "Redessiner l'écran", scope: .global, inFooter: false),
            KeyBinding([.escape, .char("?"), .char("q"), .function(1)], .app(.closeOverlay), "Fermer l'aide", scope: .help),
        ]
        + SplashView.bindings

    /// The scopes that take keys in this state, most specific first (an overlay hides the screen).
    public static func scopes(for state: AppState) -> [KeyScope] {
        switch state.overlay {
        case .help?: return [.help]
        case .confirm?: return [.confirm]
        case .pendingList?: return [.pendingList]
        case .tagChart?: return [.tagChart]
        case .reports?: return [.reports]
        case let .templates(screen)?:
            switch screen.step {
            case .browsing: return [.templates]
            case .typingAmount: return [.templatesTyping]
            case .asking: return [.templatesAsking]
            }
        case let .settings(screen)?: return screen.moves == nil ? [.settings] : [.settingsConfirm]
        case .recap?: return [.recap]
        case nil: break
        }
        switch state.screen {
        case .splash: return [.splash, .global]
        case .checking: return [.global]
        case .home:
            guard let home = state.home else { return [.global] }
            switch home.panel {
            case let .quickAdd(form)?: return quickAddScopes(form)
            case .search?: return [.search]
            case .reconcile?: return [.reconcile]
            case let .importReview(review)?:
                return review.rows == nil ? [.importPath] : review.isTyping ? [.importRename] : [.importReview]
            case let .tags(tags)?:
                if tags.isTyping { return [.tagsTyping] }
                if case .confirmingDelete = tags.mode { return [.tagsConfirm] }
                return [.tags]
            case nil: break
            }
            if home.browse?.isFiltering == true { return [.filter] }
            if home.browse?.focus == .year { return [.yearPanel, .home, .global] }
            return [.home, .global]
        case .maintenance: return [.maintenance, .global]
        case .networkUnavailable: return [.networkUnavailable, .global]
        case .login: return [.login]
        case .pin: return [.pin]
        }
    }

    /// Whether the screen takes typed text (then unbound printable keys are text).
    static func takesText(_ state: AppState) -> Bool {
        guard state.overlay == nil else { return false }
        switch state.screen {
        case .login, .pin: return true
        case .home:
            guard let home = state.home else { return false }
            switch home.panel {
            case let .quickAdd(form)?: return form.takesText
            case .search?, .reconcile?: return true
            case let .tags(tags)?: return tags.isTyping
            case let .importReview(review)?: return review.rows == nil || review.isTyping
            case nil: return home.browse?.isFiltering == true
            }
        default: return false
        }
    }

    /// Some keys exist only in some states (« Continuer hors ligne » needs a cache).
    static func isAvailable(_ binding: KeyBinding, in state: AppState) -> Bool {
        let home = state.shownHome
        switch state.screen {
        case let .networkUnavailable(network) where binding.action == .startup(.continueOffline):
            return network.hasCachedData
        case let .maintenance(maintenance) where binding.action == .startup(.continueOffline):
            return maintenance.hasCachedData
        case .home where panelActions.contains(binding.action):
            // The panels' keys exist once the panels do.
            return home?.browse != nil
        case .home where binding.action == .app(.lockNow):
            // A demo session's key is public: there is nothing to lock.
            return state.session.map { !$0.isDemo } ?? false
        case .home where binding.action == .outbox(.showPending):
            // « En attente » only when something waits (or was refused).
            return !state.writes.outbox.writes.isEmpty
        case .home where binding.action.gesture != nil:
            // A gesture exists where it means a write: asked of its intent, not re-derived here.
            return binding.action.gesture.map { Core.intent(for: $0, in: state) != nil } ?? false
        case .home where binding.action == .browse(.nextTemplate):
            // Only where a month without a budget offers more than one template.
            guard let browse = home?.browse, browse.focus == .month, browse.showsNoBudget,
                  case let .loaded(previews) = browse.templates else { return false }
            return previews.count > 1
        case .home where binding.action == .browse(.planMonths):
            // From a month without a budget: it and the next ones.
            return home?.browse?.focus == .month && home?.browse?.showsNoBudget == true
        case .home where binding.action == .importStatement(.open), .home where binding.action == .reports(.open),
             .home where binding.action == .templates(.open), .home where binding.action == .settings(.open):
            return home?.browse != nil
        case .home where binding.action == .tags(.open):
            return home?.browse?.focus == .month
        case .home where binding.action == .tagChart(.open):
            // On a row that carries a tag the catalogue knows, or with a `#` word in the filter.
            return home?.browse?.focus == .month && !Core.chartTags(state).isEmpty
        case .home where binding.action == .tagChart(.nextTag):
            if case let .tagChart(chart)? = state.overlay { return chart.tags.count > 1 }
            return false
        case .home where binding.action == .reconcile(.open):
            // Against a month's « Pointé »: once the month has its budget.
            return home?.browse?.focus == .month && home?.browse?.shownDetails != nil
        case .home where binding.action == .browse(.addLine):
            // A prévision goes in the shown month's budget: it exists once the month does.
            return home?.browse?.focus == .month && home?.browse?.shownDetails != nil
        default:
            return true
        }
    }

    /// Actions that only mean something once the month and year panels are on screen.
    private static let panelActions: Set<Action> = Set(
        [BrowseAction.previousMonth, .nextMonth, .moveLeft, .moveRight, .currentPeriod, .switchPanel, .openSelectedMonth,
         .moveUp, .moveDown, .pageUp, .pageDown, .moveToTop, .moveToBottom, .startFilter, .clearFilter, .togglePrivacy,
         .toggleToCheck].map(Action.browse)
            // Sending and undoing come with the panels that show what is sent.
            + [.outbox(.syncNow), .outbox(.undo), .quickAdd(.open), .search(.open)])

    /// The screen-specific scopes whose keys the help overlay lists.
    static func screenScopes(for state: AppState) -> [KeyScope] {
        var copy = state
        copy.overlay = nil
        return scopes(for: copy)
    }

    /// What a key means in this state: an action, typed text, or `.unboundKey`.
    public static func message(for key: Key, in state: AppState) -> Msg {
        // `Ctrl-L` repaints on every screen, over every overlay and in every form: a terminal
        // garbled by another program's output must never need the form closed first. (Listed
        // with the global keys; no text field takes it.)
        if key == .ctrl("l") { return .action(.app(.redraw)) }
        for scope in scopes(for: state) {
            if let binding = bindings.first(where: { $0.scope == scope && $0.keys.contains(key) }),
               isAvailable(binding, in: state) {
                return .action(binding.action)
            }
        }
        if case let .templates(screen)? = state.overlay, case .typingAmount = screen.step {
            return lineEdit(for: key).map { .action(.templates(.edit($0))) } ?? .unboundKey
        }
        if takesText(state), state.shownHome?.panel != nil {
            return lineEdit(for: key).map(Msg.text) ?? .unboundKey
        }
        if takesText(state) {
            switch key {
            case let .char(character): return .text(.insert(character))
            case .backspace, .delete: return .text(.deleteBackward)
            case .ctrl("u"): return .text(.clear)
            default: break
            }
        }
        return .unboundKey
    }

    /// The form's scopes: those of the focused field before the form's own, or only the question.
    private static func quickAddScopes(_ form: QuickAddForm) -> [KeyScope] {
        if form.isConfirmingDiscard { return [.quickAddDiscard] }
        switch form.focus {
        case .amount, .description, .line, .tags, .goal: return [.quickAdd]
        case .kind: return [.quickAddKind, .quickAdd]
        case .date: return [.quickAddDate, .quickAdd]
        case .checked: return [.quickAddChecked, .quickAdd]
        case .recurrence: return [.quickAddRecurrence, .quickAdd]
        }
    }

    /// The quick-add fields edit like a shell's line (readline's basics), cursor included.
    static func lineEdit(for key: Key) -> TextEdit? {
        switch key {
        case let .char(character): .insert(character)
        case .backspace: .deleteBackward
        case .delete: .deleteForward
        case .left: .moveLeft
        case .right: .moveRight
        case .home, .ctrl("a"): .moveToStart
        case .end, .ctrl("e"): .moveToEnd
        case .ctrl("u"): .deleteToStart
        case .ctrl("k"): .deleteToEnd
        case .ctrl("w"): .deleteWordBackward
        default: nil
        }
    }

    /// The bindings shown in the footer for this state, in table order.
    public static func footer(for state: AppState) -> [KeyBinding] {
        unshadowed(scopes(for: state).flatMap { scope in
            bindings.filter { $0.scope == scope && isAvailable($0, in: state) }
        }).filter(\.inFooter)
    }

    /// Drops the bindings whose keys an earlier (stronger) scope already took: the footer and the
    /// help name what a key does now, once.
    private static func unshadowed(_ ordered: [KeyBinding]) -> [KeyBinding] {
        var taken: Set<Key> = []
        var kept: [KeyBinding] = []
        for binding in ordered where !binding.keys.contains(where: taken.contains) {
            kept.append(binding)
            taken.formUnion(binding.keys)
        }
        return kept
    }

    /// Every binding of the screen under the help overlay, for the help itself.
    public static func help(for state: AppState) -> [KeyBinding] {
        var screenState = state
        screenState.overlay = nil
        return unshadowed(screenScopes(for: state).flatMap { scope in
            bindings.filter { $0.scope == scope && isAvailable($0, in: screenState) }
        })
    }
}

extension QuickAddForm {
    /// Printable keys are text in the amount and the description; elsewhere they are commands
    /// (or nothing), and the question only hears yes or no.
    var takesText: Bool {
        !isConfirmingDiscard && (focus == .amount || focus == .description || focus == .line || focus == .tags || focus == .goal)
    }
}
