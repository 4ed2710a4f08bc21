import Foundation
import PulpeDomain

/// How an edit changes an item's tags, by name (the user types names; the resolver finds their
/// ids in the catalogue, or creates the tag first): the whole set (the forms), or names added and
/// removed (`pulpe edit --tag/--untag`). A PATCH replaces the set (§15.2), so both become the set.
public enum TagEdit: Hashable, Sendable {
    case set([String])
    case adjust(add: [String], remove: [String])

    /// The ids the item carries afterwards and the names of the tags to create first — or why not.
    /// `current`: the ids it carries now (a provisional one for a tag still waiting), read through
    /// `catalogue`; a name is its catalogue tag case aside, accents kept.
    func resolved(current: [String], catalogue: [Tag]) -> Result<(ids: [String], created: [String]), TagRules.Problem> {
        var names: [String] = []
        switch self {
        case let .set(wanted):
            names = wanted
        case let .adjust(add, remove):
            let removed = Set(remove.map(TagRules.key))
            names = current.compactMap { id in TagNaming.name(ofId: id, in: catalogue) }.filter { !removed.contains(TagRules.key($0)) }
            names += add
            for name in remove where TagRules.key(name).isEmpty { return .failure(.nameMissing) }
        }
        var ids: [String] = []
        var created: [String] = []
        var seen = Set<String>()
        for name in names {
            switch TagRules.name(name) {
            case let .failure(problem): return .failure(problem)
            case let .success(trimmed):
                guard seen.insert(TagRules.key(trimmed)).inserted else { continue }
                let id = TagNaming.id(of: trimmed, in: catalogue)
                if ProvisionalTag.name(ofId: id) != nil, !current.contains(id) { created.append(trimmed) }
                ids.append(id)
            }
        }
        guard ids.count <= TagRules.maxPerItem else { return .failure(.tooMany) }
        return .success((ids, created))
    }
}
