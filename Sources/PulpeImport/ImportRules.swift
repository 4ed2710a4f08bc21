import PulpeCore
import PulpeDomain

/// The account's import rules as the review's choices change them. The rules themselves are kept
/// sealed in the cache with the account's other names (`CacheStore.importRules`).
public enum ImportRules {
    /// `rules` with each choice as a rule (replacing one of the same pattern).
    public static func remembering(_ choices: [ImportChoice], in rules: [ImportRule]) -> [ImportRule] {
        var kept = rules
        for choice in choices where !ImportMatcher.normalized(choice.pattern).isEmpty {
            let key = ImportMatcher.normalized(choice.pattern)
            kept.removeAll { ImportMatcher.normalized($0.pattern) == key }
            kept.append(ImportRule(pattern: choice.pattern, name: choice.name, line: choice.line, tags: choice.tags))
        }
        return kept
    }
}
