import PulpeDomain

/// Something drawn over the current screen that takes the keys until closed.
public enum Overlay: Hashable, Sendable {
    /// The `?` help: every key of the current screen, from the same table as the footer.
    case help
    /// A yes/no question (quit with expenses still queued, delete an expense already sent…).
    case confirm(Confirmation)
    /// `e`: the queued and refused expenses, then every other operation; `selected` is the
    /// highlighted row.
    case pendingList(selected: Int)
    /// `H`: a tag's planned against actual, month by month.
    case tagChart(TagChart)
    /// `V`: « Rapports » over the years.
    case reports(ReportsScreen)
    /// `m`: « Modèles », the templates and their lines.
    case templates(TemplatesScreen)
    /// `,`: « Réglages », the account's settings.
    case settings(SettingsScreen)
    /// « Bilan du mois »: the month just closed, once per period at the first start.
    case recap(MonthRecap)
}
