import Foundation

/// The server's rules for tags (§15.2), checked before anything is stored so a bad name or too
/// many tags gets its message at once instead of a refusal later.
public enum TagRules {
    /// A trimmed name is 1…30 characters (what the server's `z.string().trim().min(1).max(30)` counts).
    public static let maxNameLength = 30
    /// At most 10 tags on one transaction or prévision.
    public static let maxPerItem = 10

    /// Two names are the same tag when they compare equal after NFC normalisation and lower-casing
    /// (`ERR_TAG_ALREADY_EXISTS`).
    public static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping.lowercased()
    }

    public enum Problem: Error, Hashable, Sendable {
        case nameMissing
        case nameTooLong
        /// A control character: refused as `ExpenseRules` refuses it in a transaction's name.
        case nameHasControl
        case tooMany
    }

    /// The name as the server keeps it (trimmed), or why it is refused (the server's rules, and no
    /// control character: decision 96).
    public static func name(_ text: String) -> Result<String, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .failure(.nameMissing) }
        if trimmed.utf16.count > maxNameLength { return .failure(.nameTooLong) }
        if TerminalControls.contains(trimmed) { return .failure(.nameHasControl) }
        return .success(trimmed)
    }
}
