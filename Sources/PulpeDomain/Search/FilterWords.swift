/// A filter's query cut into its words: the `#` words that name tags — `#vacances`, or a name
/// with spaces quoted whole, `#"Mon tag"` (`""` inside is one `"`; a quote left open runs to the
/// end, so the filter follows the keys as they are typed) — and the rest, the text.
struct FilterWords {
    /// The tag names, as written (unfolded).
    private(set) var tags: [String] = []
    /// The other words, joined by one space.
    private(set) var text = ""

    init(_ query: String) {
        var words: [String] = []
        var rest = Substring(query)
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            if rest.hasPrefix("#\"") {
                let (name, after) = Self.quoted(rest.dropFirst(2))
                if !name.trimmingCharacters(in: .whitespaces).isEmpty { tags.append(name) }
                rest = after
                continue
            }
            let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
            let word = rest[..<end]
            if word.hasPrefix("#"), word.count > 1 { tags.append(String(word.dropFirst())) } else { words.append(String(word)) }
            rest = rest[end...]
        }
        text = words.joined(separator: " ")
    }

    /// The name up to the closing quote (`""` read as one `"`), and what follows it.
    private static func quoted(_ body: Substring) -> (String, Substring) {
        var name = ""
        var index = body.startIndex
        while index < body.endIndex {
            let character = body[index]
            let next = body.index(after: index)
            guard character == "\"" else {
                name.append(character)
                index = next
                continue
            }
            guard next < body.endIndex, body[next] == "\"" else { return (name, body[next...]) }
            name.append("\"")
            index = body.index(after: next)
        }
        return (name, body[body.endIndex...])
    }
}
