import Foundation

/// The golden-file text format (see `Golden`): rendering and section lookup for diffs.
enum GoldenFile {
    static let stylesMarker = "# styles"

    /// File contents for a rendering. Every content line is framed with `|` so trailing spaces survive
    /// editors and are visible in reviews.
    static func render(name: String, size: (cols: Int, rows: Int), lines: [String], styles: [String]?) -> String {
        var out = ["# \(size.cols)x\(size.rows) \(name)"]
        out += lines.map(frame)
        if let styles {
            out.append(stylesMarker)
            out += styles.map(frame)
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func frame(_ line: String) -> String { "|" + line + "|" }

    /// Lines of a file, tolerant of CRLF (a Windows checkout) and of a missing final newline.
    static func split(_ contents: String) -> [String] {
        var lines = contents.replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Human label of file line `index` (0 = header): `row 3`, `style row 3`, `header`...
    static func label(forLine index: Int, in lines: [String]) -> String {
        if index == 0 { return "header" }
        let marker = lines.firstIndex(of: stylesMarker)
        if let marker, index == marker { return "styles marker" }
        if let marker, index > marker { return "style line \(index - marker - 1)" }
        return "row \(index - 1)"
    }
}
