import PulpeDomain

/// « Modèles » (`m`, §16.5): the account's templates with their lines, what waits in the outbox
/// applied; `Entrée` types a line's new amount, `d` deletes a line, `*` makes the template the
/// default — each a stored change, asked first whether the months ahead made from the template
/// follow (`o`) or the template alone changes (`n`).
public struct TemplatesScreen: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case open
        case nextTemplate, previousTemplate
        case moveUp, moveDown
        /// `Entrée`: the selected line's amount, typed.
        case editAmount
        case deleteLine
        case makeDefault
        case edit(TextEdit)
        /// `Entrée` in the amount: asked whether the months ahead follow.
        case submit
        /// The answer: the months ahead follow (`o`) or not (`n`).
        case propagate(Bool)
        case cancel
    }

    /// What the keys do now.
    public enum Step: Hashable, Sendable {
        case browsing
        /// A line's new amount, being typed (`problem`: why the last `Entrée` was refused); the
        /// template and the line by id, so a list that reorders meanwhile does not change which.
        case typingAmount(TextField, problem: String?, template: String, line: String)
        /// The months ahead or the template alone? For this change.
        case asking(TemplateWrite)
    }

    /// The template shown (an index into the templates, the default first).
    public var selected = 0
    /// The selected line.
    public var cursor = 0
    public var step = Step.browsing

    public init() {}

    /// The templates with what waits in the outbox applied (a queued batch shows at once).
    public static func shown(_ previews: [TemplatePreview], waiting changes: [PendingChange]) -> [TemplatePreview] {
        changes.filter { !$0.isRefused }.reduce(TemplatePreview.ordered(previews)) { shown, change in
            TemplateOverlay.apply(change.operation, to: shown)
        }
    }
}
