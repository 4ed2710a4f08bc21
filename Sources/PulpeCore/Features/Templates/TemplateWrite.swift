import Foundation
import PulpeDomain

/// A change to the account's templates (« Modèles », §16.5), as `pulpe template …` and the
/// « Modèles » screen mean it. Templates are named by id or name (case aside); a line by id, a
/// unique id prefix, or its name in the template. `propagate`: the months ahead made from the
/// template follow (their lines not adjusted by hand).
public enum TemplateWrite: Hashable, Sendable {
    case add(name: String)
    case rename(template: String, to: String)
    case makeDefault(template: String)
    case delete(template: String)
    case addLine(template: String, NewTemplateLine, propagate: Bool)
    case editLine(template: String, line: String, TemplateLineUpdate, propagate: Bool)
    case deleteLine(template: String, line: String, propagate: Bool)

    /// The template the write is about (nil: a new one).
    public var template: String? {
        switch self {
        case .add: nil
        case let .rename(template, _), let .makeDefault(template), let .delete(template), let .addLine(template, _, _),
             let .editLine(template, _, _, _), let .deleteLine(template, _, _): template
        }
    }
}
