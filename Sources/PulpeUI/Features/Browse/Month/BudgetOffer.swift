import Foundation
import PulpeCore
import PulpeDomain

/// « Créer le budget de Janvier 2027 depuis « Budget standard » » and its preview.
public struct BudgetOffer: Sendable, Hashable {
    public var templates: TemplatesState
    public var chosen: Int
    /// The creation waits in the outbox (or is on its way).
    public var isPending: Bool

    public init(templates: TemplatesState, chosen: Int, isPending: Bool) {
        self.templates = templates
        self.chosen = chosen
        self.isPending = isPending
    }
}
