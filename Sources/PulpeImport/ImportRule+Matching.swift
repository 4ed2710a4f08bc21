import Foundation
import PulpeDomain

extension ImportRule {
    /// The label holds the pattern (both normalised).
    public func matches(_ label: String) -> Bool {
        let wanted = ImportMatcher.normalized(pattern)
        return !wanted.isEmpty && ImportMatcher.normalized(label).contains(wanted)
    }

    /// The first rule that matches `label`.
    public static func first(for label: String, in rules: [ImportRule]) -> ImportRule? {
        rules.first { $0.matches(label) }
    }
}
