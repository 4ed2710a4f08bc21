import PulpeCore
import PulpeTerminal

/// Where a binding applies. The current screen (and overlay) select the active scopes.
public enum KeyScope: Hashable, Sendable, CaseIterable {
    /// Keys that work on every screen without a text field.
    case global
    case splash
    case home
    case help
    case maintenance
    case networkUnavailable
    /// Screens with a text field: printable keys are text there, not commands.
    case login
    case pin
    /// Typing a filter on the month panel.
    case filter
    /// The year panel has the keys: the same actions as on the month panel, named for what they
    /// do there (`[` `]` change the year). Comes before `home`, whose same keys it shadows.
    case yearPanel
    /// A yes/no question over the screen.
    case confirm
    /// The list of queued and refused expenses (`e`).
    case pendingList
    /// A tag's history chart (`H`).
    case tagChart
    /// « Rapports » (`V`).
    case reports
    /// « Modèles » (`m`): the templates and their lines.
    case templates
    /// A template line's new amount being typed.
    case templatesTyping
    /// The months ahead too, or the template alone?
    case templatesAsking
    /// « Réglages » (`,`).
    case settings
    /// « … changent de mois » after a new pay day.
    case settingsConfirm
    /// « Bilan du mois » over the home screen.
    case recap
    /// The tags screen's list (`T`).
    case tags
    /// A tag's name typed on the tags screen: typed text is the name.
    case tagsTyping
    /// « Supprimer #… ? » on the tags screen.
    case tagsConfirm
    /// The import's path prompt (`I`): typed text is the path.
    case importPath
    /// The import's review: keep or skip each operation, then store.
    case importReview
    /// An operation's new name typed on the review.
    case importRename
    /// The quick-add form over the panels: its fields take printable keys as text, like `login`.
    case quickAdd
    /// The form's kind has the focus: `←` `→` `Espace` change it.
    case quickAddKind
    /// The form's date has the focus: `-` `+` move it by a day.
    case quickAddDate
    /// « Pointé » has the focus: `Espace` toggles it.
    case quickAddChecked
    /// A prévision's « Récurrence » in the form.
    case quickAddRecurrence
    /// « Abandonner cette dépense ? »: yes or no, nothing else.
    case quickAddDiscard
    /// The search across months (`S`): typed text is the query.
    case search
    /// « Rapprocher mes comptes » (`b`): typed text goes to the focused field.
    case reconcile
}
