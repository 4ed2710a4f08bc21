/// One `String` for each id repeated down a month's rows: the month's budget id and its few
/// prévision ids are the same text on thousands of rows, and a 36-character id is a heap object
/// of its own each time it is made (~80 bytes). The cache reader and the wire reader both share
/// them this way (decision 69).
package struct InternedStrings {
    private var seen: [String: String] = [:]
    /// A month with more distinct ids than this is not a month of repeated ids: stop remembering.
    private static let limit = 4_096

    package init() {}

    /// `text`, or the equal string seen before.
    package mutating func intern(_ text: String) -> String {
        if let shared = seen[text] { return shared }
        if seen.count < Self.limit { seen[text] = text }
        return text
    }

    /// `text` as the previous row had it (no lookup), else as the table has it.
    package static func intern(_ text: String, after last: String?, in table: inout InternedStrings) -> String {
        text == last ? text : table.intern(text)
    }
}
