/// Readable comparison of two golden renderings: each differing line with its row number, expected and
/// actual side by side, and a caret under the first differing column.
enum GoldenDiff {
    /// At most this many differing lines are printed in full; the rest are only counted.
    static let maxShown = 12

    /// nil when equal, otherwise the report body.
    static func describe(expected: [String], actual: [String]) -> String? {
        let count = max(expected.count, actual.count)
        var differing: [Int] = []
        for i in 0..<count where line(expected, i) != line(actual, i) { differing.append(i) }
        guard !differing.isEmpty else { return nil }

        var out: [String] = []
        if expected.count != actual.count {
            out.append("line count: expected \(expected.count), actual \(actual.count)")
        }
        let labels = differing.map { label($0, expected: expected, actual: actual) }
        out.append("\(differing.count) line(s) differ: " + labels.prefix(20).joined(separator: ", ")
                   + (labels.count > 20 ? ", ..." : ""))
        for i in differing.prefix(maxShown) {
            let e = line(expected, i), a = line(actual, i)
            let column = firstDifferentColumn(e ?? "", a ?? "")
            let label = label(i, expected: expected, actual: actual)
            out.append("")
            out.append("\(label), column \(column):")
            out.append("  expected: \(e ?? "<missing>")")
            out.append("  actual:   \(a ?? "<missing>")")
            // Both lines carry the `|` frame, so display columns line up with the caret directly.
            let prefix = (e ?? a ?? "").isEmpty ? "" : String(repeating: " ", count: caretOffset(e ?? "", a ?? ""))
            out.append("            " + prefix + "^")
        }
        if differing.count > maxShown { out.append("... and \(differing.count - maxShown) more") }
        return out.joined(separator: "\n")
    }

    /// Labels follow the actual rendering's layout, or the expected one past its end.
    private static func label(_ i: Int, expected: [String], actual: [String]) -> String {
        GoldenFile.label(forLine: i, in: i < actual.count ? actual : expected)
    }

    private static func line(_ lines: [String], _ i: Int) -> String? { i < lines.count ? lines[i] : nil }

    /// Index of the first differing character, excluding the opening frame `|` (0-based screen column
    /// for text rows without wide characters).
    static func firstDifferentColumn(_ a: String, _ b: String) -> Int {
        let common = zip(a, b).prefix { $0 == $1 }.count
        return max(0, common - 1)
    }

    /// Display width of the common prefix: where to put the caret under the actual line.
    private static func caretOffset(_ a: String, _ b: String) -> Int {
        let common = zip(a, b).prefix { $0 == $1 }.map(\.0)
        return VTWidth.of(String(common))
    }
}
