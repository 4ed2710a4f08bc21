import PulpeCore
import PulpeTerminal

/// The single key table: it resolves input, draws the footer and fills the `?` help, so the
/// three can never disagree.
public enum KeyTable {
    public static let bindings: [KeyBinding] = [
        KeyBinding([.char("["), .char("h")], .browse(.previousMonth), "Année préc.", scope: .yearPanel),
        KeyBinding([.char("]"), .char("l")], .browse(.nextMonth), "Année suiv.", scope: .yearPanel),
        KeyBinding([.enter], .browse(.openSelectedMonth), "Ouvrir", scope: .yearPanel),
        KeyBinding([.left], .browse(.moveLeft), "Mois précédent", scope: .yearPanel, inFooter: false),
        KeyBinding([.right], .browse(.moveRight), "Mois suivant", scope: .yearPanel, inFooter: false),
        KeyBinding([.up, .char("k")], .browse(.moveUp), "Rangée du dessus", scope: .yearPanel, inFooter: false),
        KeyBinding([.down, .char("j")], .browse(.moveDown), "Rangée du dessous", scope: .yearPanel, inFooter: false),
        KeyBinding([.char("a")], .quickAdd(.open), "Ajouter", scope: .home),
        KeyBinding([.char("["), .char("h")], .browse(.previousMonth), "Mois préc.", scope: .home),
        KeyBinding([.char("]"), .char("l")], .browse(.nextMonth), "Mois suiv.", scope: .home),
        KeyBinding([.left], .browse(.moveLeft), "Précédent", scope: .home, inFooter: false),
        KeyBinding([.right], .browse(.moveRight), "Suivant", scope: .home, inFooter: false),
        KeyBinding([.char("t")], .browse(.currentPeriod), "Aujourd'hui", scope: .home),
        KeyBinding([.tab], .browse(.switchPanel), "Mois/Année", scope: .home),
        KeyBinding([.enter], .browse(.openSelectedMonth), "Sélectionner", scope: .home, inFooter: false),
        KeyBinding([.char("x")], .gesture(.toggleCheckSelected), "Pointer", scope: .home),
        KeyBinding([.char("c")], .browse(.toggleToCheck), "À pointer", scope: .home, inFooter: false),
        KeyBinding([.char("d"), .delete], .gesture(.deleteSelectedTransaction), "Supprimer", scope: .home),
    ] + ItemWrite.allCases.map(\.binding) + [
        KeyBinding([.up, .char("k")], .browse(.moveUp), "Monter", scope: .home, inFooter: false),
        KeyBinding([.down, .char("j")], .browse(.moveDown), "Descendre", scope: .home, inFooter: false),
        KeyBinding([.pageUp], .browse(.pageUp), "Page précédente", scope: .home, inFooter: false),
        KeyBinding([.pageDown, .char(" ")], .browse(.pageDown), "Page suivante", scope: .home, inFooter: false),
        KeyBinding([.home, .char("g")], .browse(.moveToTop), "Début", scope: .home, inFooter: false),
        KeyBinding([.end, .char("G")], .browse(.moveToBottom), "Fin", scope: .home, inFooter: false),
        KeyBinding([.char("/")], .browse(.startFilter), "Filtrer", scope: .home),
        KeyBinding([.escape], .browse(.clearFilter), "Effacer le filtre", scope: .home, inFooter: false),
        KeyBinding([.char("p")], .browse(.togglePrivacy), "Masquer les montants", scope: .home, inFooter: false),
        KeyBinding([.char("r")], .browse(.refresh), "Actualiser", scope: .home),
        KeyBinding([.char("e")], .outbox(.showPending), "En attente", scope: .home),
        KeyBinding([.char("s")], .outbox(.syncNow), "Envoyer maintenant", scope: .home, inFooter: false),
        KeyBinding([.char("u")], .outbox(.undoLastExpense), "Annuler", scope: .home, inFooter: false),
        KeyBinding([.char("L")], .app(.lockNow), "Verrouiller", scope: .home, inFooter: false),
        KeyBinding([.char("D")], .app(.signOut), "Se déconnecter · Changer de compte", scope: .home, inFooter: false),
        KeyBinding([.char("M")], .browse(.nextTemplate), "Autre modèle", scope: .home),
        KeyBinding([.char("P")], .browse(.planMonths), "Planifier 3 mois", scope: .home, inFooter: false),
        KeyBinding([.char("A")], .browse(.addLine), "Nouvelle prévision", scope: .home, inFooter: false),
        KeyBinding([.char("S")], .search(.open), "Rechercher", scope: .home, inFooter: false),
        KeyBinding([.char("b")], .reconcile(.open), "Rapprocher avec la banque", scope: .home, inFooter: false),
        KeyBinding([.char("H")], .tagChart(.open), "Historique du tag", scope: .home, inFooter: false),
        KeyBinding([.char("T")], .tags(.open), "Tags", scope: .home, inFooter: false),
        KeyBinding([.char("I")], .importStatement(.open), "Importer un relevé", scope: .home, inFooter: false),
        KeyBinding([.enter], .importStatement(.submit), "Lire le relevé", scope: .importPath),
        KeyBinding([.escape], .importStatement(.cancel), "Annuler", scope: .importPath),
        KeyBinding([.up, .char("k")], .importStatement(.moveUp), "Monter", scope: .importReview, inFooter: false),
        KeyBinding([.down, .char("j")], .importStatement(.moveDown), "Descendre", scope: .importReview, inFooter: false),
        KeyBinding([.char(" ")], .importStatement(.toggle), "Garder / ignorer", scope: .importReview),
        KeyBinding([.char("r")], .importStatement(.rename), "Renommer", scope: .importReview),
        KeyBinding([.char("l")], .importStatement(.chooseLine), "Prévision", scope: .importReview),
        KeyBinding([.char("t")], .importStatement(.tags), "Tags", scope: .importReview),
        KeyBinding([.enter], .importStatement(.submit), "Valider", scope: .importRename),
        KeyBinding([.escape], .importStatement(.cancel), "Annuler", scope: .importRename),
        KeyBinding([.enter], .importStatement(.submit), "Importer", scope: .importReview),
        KeyBinding([.escape], .importStatement(.cancel), "Retour", scope: .importReview),
        KeyBinding([.up, .char("k")], .tags(.moveUp), "Monter", scope: .tags, inFooter: false),
        KeyBinding([.down, .char("j")], .tags(.moveDown), "Descendre", scope: .tags, inFooter: false),
        KeyBinding([.enter], .tags(.submit), "Filtrer le mois", scope: .tags),
        KeyBinding([.char("a")], .tags(.add), "Nouveau", scope: .tags),
        KeyBinding([.char("r")], .tags(.rename), "Renommer", scope: .tags),
        KeyBinding([.char("d"), .delete], .tags(.delete), "Supprimer", scope: .tags),
        KeyBinding([.char("H")], .tags(.history), "Historique", scope: .tags),
        KeyBinding([.escape, .char("q"), .char("T")], .tags(.cancel), "Fermer", scope: .tags),
        KeyBinding([.enter], .tags(.submit), "Enregistrer", scope: .tagsTyping),
        KeyBinding([.escape], .tags(.cancel), "Annuler", scope: .tagsTyping),
        KeyBinding([.enter, .char("o")], .tags(.submit), "Oui", scope: .tagsConfirm),
        KeyBinding([.escape, .char("n")], .tags(.cancel), "Non", scope: .tagsConfirm),
        KeyBinding([.right, .tab, .char("l")], .tagChart(.widen), "Plus de mois", scope: .tagChart),
        KeyBinding([.left, .backTab, .char("h")], .tagChart(.narrow), "Moins de mois", scope: .tagChart),
        KeyBinding([.char("t")], .tagChart(.nextTag), "Tag suivant", scope: .tagChart),
        KeyBinding([.escape, .char("H"), .char("q")], .app(.closeOverlay), "Fermer", scope: .tagChart),
        KeyBinding([.enter], .reconcile(.submit), "Rapprocher", scope: .reconcile),
        KeyBinding([.tab, .down], .reconcile(.nextField), "Champ suivant", scope: .reconcile),
        KeyBinding([.backTab, .up], .reconcile(.previousField), "Champ précédent", scope: .reconcile, inFooter: false),
        KeyBinding([.escape], .reconcile(.cancel), "Annuler", scope: .reconcile),
        KeyBinding([.function(1)], .app(.showHelp), "Aide", scope: .reconcile, inFooter: false),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .reconcile, inFooter: false),
        KeyBinding([.enter], .search(.enter), "Chercher · Ouvrir", scope: .search),
        KeyBinding([.up], .search(.moveUp), "Résultat précédent", scope: .search, inFooter: false),
        KeyBinding([.down], .search(.moveDown), "Résultat suivant", scope: .search),
        KeyBinding([.pageUp], .search(.pageUp), "Page précédente", scope: .search, inFooter: false),
        KeyBinding([.pageDown], .search(.pageDown), "Page suivante", scope: .search, inFooter: false),
        KeyBinding([.escape], .search(.close), "Fermer", scope: .search),
        KeyBinding([.function(1)], .app(.showHelp), "Aide", scope: .search, inFooter: false),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .search, inFooter: false),
        KeyBinding([.char("o"), .char("y"), .enter], .confirm(.yes), "Oui", scope: .confirm),
        KeyBinding([.char("n"), .escape], .confirm(.no), "Non", scope: .confirm),
        KeyBinding([.up, .char("k")], .outbox(.moveUp), "Monter", scope: .pendingList, inFooter: false),
        KeyBinding([.down, .char("j")], .outbox(.moveDown), "Descendre", scope: .pendingList, inFooter: false),
        KeyBinding([.enter], .outbox(.editSelected), "Corriger", scope: .pendingList),
        KeyBinding([.char("d"), .delete], .outbox(.deleteSelected), "Supprimer", scope: .pendingList),
        KeyBinding([.char("s")], .outbox(.syncNow), "Envoyer", scope: .pendingList),
        KeyBinding([.escape, .char("e"), .char("q")], .app(.closeOverlay), "Fermer", scope: .pendingList),
        KeyBinding([.char("?")], .app(.showHelp), "Aide", scope: .home),
        KeyBinding([.enter], .browse(.endFilter), "Garder le filtre", scope: .filter),
        KeyBinding([.escape], .browse(.clearFilter), "Effacer le filtre", scope: .filter),
        KeyBinding([.char("R"), .char("r")], .startup(.retry), "Réessayer", scope: .maintenance),
        KeyBinding([.char("o")], .startup(.continueOffline), "Continuer hors ligne", scope: .maintenance),
        KeyBinding([.char("?")], .app(.showHelp), "Aide", scope: .maintenance),
        KeyBinding([.char("R"), .char("r")], .startup(.retry), "Réessayer", scope: .networkUnavailable),
        KeyBinding([.char("o")], .startup(.continueOffline), "Continuer hors ligne", scope: .networkUnavailable),
        KeyBinding([.char("?")], .app(.showHelp), "Aide", scope: .networkUnavailable),
        KeyBinding([.enter], .login(.submit), "Valider", scope: .login),
        KeyBinding([.tab, .down], .login(.nextField), "Champ suivant", scope: .login),
        KeyBinding([.backTab, .up], .login(.previousField), "Champ précédent", scope: .login, inFooter: false),
        KeyBinding([.ctrl("d")], .login(.startDemo), "Essayer la démo", scope: .login),
        KeyBinding([.function(1)], .app(.showHelp), "Aide", scope: .login, inFooter: false),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .login),
        KeyBinding([.escape], .pin(.signOut), "Changer de compte", scope: .pin),
        KeyBinding([.function(1)], .app(.showHelp), "Aide", scope: .pin, inFooter: false),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .pin),
        KeyBinding([.left], .quickAdd(.previousKind), "Type précédent", scope: .quickAddKind, inFooter: false),
        KeyBinding([.char(" "), .right], .quickAdd(.nextKind), "Changer le type", scope: .quickAddKind),
        KeyBinding([.char("-"), .left], .quickAdd(.previousDay), "Veille", scope: .quickAddDate),
        KeyBinding([.char("+"), .right], .quickAdd(.nextDay), "Lendemain", scope: .quickAddDate),
        KeyBinding([.char(" ")], .quickAdd(.toggleChecked), "Pointer", scope: .quickAddChecked),
        KeyBinding([.enter], .quickAdd(.submit), "Enregistrer", scope: .quickAdd),
        KeyBinding([.tab, .down], .quickAdd(.nextField), "Champ suivant", scope: .quickAdd),
        KeyBinding([.backTab, .up], .quickAdd(.previousField), "Champ précédent", scope: .quickAdd, inFooter: false),
        KeyBinding([.escape], .quickAdd(.cancel), "Annuler", scope: .quickAdd),
        KeyBinding([.function(1)], .app(.showHelp), "Aide", scope: .quickAdd),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .quickAdd, inFooter: false),
        KeyBinding([.char("o"), .enter], .quickAdd(.confirmDiscard), "Abandonner", scope: .quickAddDiscard),
        KeyBinding([.char("n"), .escape], .quickAdd(.keepEditing), "Continuer la saisie", scope: .quickAddDiscard),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .quickAddDiscard, inFooter: false),
        KeyBinding([.char("q")], .app(.quit), "Quitter", scope: .global),
        KeyBinding([.ctrl("l")], .app(.redraw), "Redessiner l'écran", scope: .global, inFooter: false),
        KeyBinding([.escape, .char("?"), .char("q"), .function(1)], .app(.closeOverlay), "Fermer l'aide", scope: .help),
        KeyBinding([.enter, .char(" ")], .startup(.skipSplash), "Passer", scope: .splash, inFooter: false),
    ]

    /// The scopes that take keys in this state, most specific first (an overlay hides the screen).
    public static func scopes(for state: AppState) -> [KeyScope] {
        switch state.overlay {
        case .help?: return [.help]
        case .confirm?: return [.confirm]
        case .pendingList?: return [.pendingList]
        case .tagChart?: return [.tagChart]
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
            return !state.writes.outbox.items.isEmpty || !state.writes.outbox.changes.isEmpty
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
        case .home where binding.action == .importStatement(.open):
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
            + [.outbox(.syncNow), .outbox(.undoLastExpense), .quickAdd(.open), .search(.open)])

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
