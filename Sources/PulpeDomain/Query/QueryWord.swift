/// A word of a query as typed — quotes removed, so `tag:"Mon tag"` is one word — and the column
/// (from 1) it starts at.
struct QueryWord: Sendable, Hashable {
    var text: String
    var column: Int
    /// Whether any part of it was quoted (a quoted `or` is a word, not the operator).
    var quoted: Bool

    /// The words of `query`: split on blanks outside quotes; `""` inside quotes is one `"`.
    static func split(_ query: String) throws(QueryError) -> [QueryWord] {
        var words: [QueryWord] = []
        var current = ""
        var start = 0
        var quoted = false
        var inQuote = false
        var quoteColumn = 0
        let characters = Array(query)
        var index = 0
        func flush() {
            if !current.isEmpty || quoted { words.append(QueryWord(text: current, column: start + 1, quoted: quoted)) }
            current = ""
            quoted = false
        }
        while index < characters.count {
            let character = characters[index]
            if inQuote {
                if character == "\"" {
                    if index + 1 < characters.count, characters[index + 1] == "\"" {
                        current.append("\"")
                        index += 1
                    } else {
                        inQuote = false
                    }
                } else {
                    current.append(character)
                }
            } else if character.isWhitespace {
                flush()
            } else {
                if current.isEmpty, !quoted { start = index }
                if character == "\"" {
                    inQuote = true
                    quoted = true
                    quoteColumn = index + 1
                } else {
                    current.append(character)
                }
            }
            index += 1
        }
        if inQuote { throw QueryError(.unclosedQuote, column: quoteColumn, word: String(characters[(quoteColumn - 1)...])) }
        flush()
        return words
    }
}
