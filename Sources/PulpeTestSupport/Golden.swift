import Foundation

/// Golden-file comparison of rendered screens.
///
/// File format (`<directory>/<name>.txt`, UTF-8, `\n` line ends):
/// ```
/// # 80x24 home-screen          <- header: "# <cols>x<rows> <name>"
/// |┌─ Pulpe ──────────┐  |     <- one line per screen row, framed by `|` so trailing spaces are visible
/// |│ Disponible       │  |
/// # styles                     <- optional section, present only when styles were given
/// |aaaa..............bb  |     <- e.g. `MiniVT.styleSnapshot()`: one letter per cell ...
/// |a = bold fg=6|              <- ... then its legend
/// ```
/// Rows are numbered from 0 in diffs, like `MiniVT.line(_:)`. The files are meant to be read in reviews:
/// a wide character takes two columns in the file as on screen, so the right frame stays aligned.
///
/// Set `UPDATE_GOLDEN=1` to (re)write files instead of comparing, e.g. `UPDATE_GOLDEN=1 make test`.
public enum Golden {
    /// How to regenerate files; shown in every failure message.
    public static let updateHint = "run `UPDATE_GOLDEN=1 make test` to accept the actual rendering"

    /// Whether `UPDATE_GOLDEN=1` (or `true`/`yes`) is set.
    public static var isUpdating: Bool {
        let v = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"]?.lowercased() ?? ""
        return ["1", "true", "yes"].contains(v)
    }

    /// Compares `lines` (plus an optional style section) with `<directory>/<name>.txt`.
    /// Returns nil when they match (or when updating), otherwise a readable report for the test failure.
    /// `size` goes into the header; by default it is the widest line's display width × the line count.
    public static func check(name: String, lines: [String], styles: [String]? = nil,
                             size: (cols: Int, rows: Int)? = nil, directory: URL) -> String? {
        let size = size ?? (lines.map { VTWidth.of($0) }.max() ?? 0, lines.count)
        let actual = GoldenFile.render(name: name, size: size, lines: lines, styles: styles)
        let file = url(name: name, directory: directory)

        if isUpdating {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try actual.write(to: file, atomically: true, encoding: .utf8)
                return nil
            } catch {
                return "Golden: cannot write \(file.path): \(error)"
            }
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            return "Golden file missing: \(file.path)\n\(updateHint)\nactual rendering:\n\(actual)"
        }
        guard let body = GoldenDiff.describe(expected: GoldenFile.split(expected), actual: GoldenFile.split(actual))
        else { return nil }
        let saved = saveActual(actual, name: name)
        return ["Golden mismatch: \(file.path)", body, "", saved.map { "actual written to \($0)" }, updateHint]
            .compactMap { $0 }.joined(separator: "\n")
    }

    /// Compares a whole screen: every row untrimmed, the header size from the screen, and with
    /// `includeStyles` the `styleSnapshot()` section.
    public static func check(name: String, screen: MiniVT, includeStyles: Bool = false, directory: URL) -> String? {
        check(name: name, lines: screen.rowsText, styles: includeStyles ? screen.styleSnapshot() : nil,
              size: (screen.cols, screen.rows), directory: directory)
    }

    /// `<folder of the calling test file>/<subfolder>`: pass `#filePath` from the test.
    public static func directory(besides filePath: String, subfolder: String = "Golden") -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(subfolder, isDirectory: true)
    }

    /// The file for `name` (`.txt` is appended unless the name already ends with it).
    public static func url(name: String, directory: URL) -> URL {
        directory.appendingPathComponent(name.hasSuffix(".txt") ? name : name + ".txt")
    }

    /// Keeps the actual rendering outside the source tree so large diffs can be opened with a diff tool.
    private static func saveActual(_ contents: String, name: String) -> String? {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let dir = URL(fileURLWithPath: base).appendingPathComponent("pulpe-golden-actual", isDirectory: true)
        let file = url(name: name, directory: dir)
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try contents.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        } catch {
            return nil
        }
    }
}
