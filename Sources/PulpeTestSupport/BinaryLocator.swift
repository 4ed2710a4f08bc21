import Foundation

/// Finds the executables under test (`pulpe`, `pulpe-server`) in the build directory.
///
/// Tests and the bench run from `.build/<triple>/<configuration>/`, the same directory where SwiftPM puts
/// every executable of the package, so the search starts next to `/proc/self/exe` and walks up (this also
/// covers a macOS-style `.xctest` bundle). `Bundle.main` is not used: on Linux it does not point there.
public enum BinaryLocator {
    /// The environment variable that overrides the search for `name`:
    /// `pulpe` -> `PULPE_BIN`, `pulpe-server` -> `PULPE_SERVER_BIN`.
    public static func environmentKey(for name: String) -> String {
        name.uppercased().replacingOccurrences(of: "-", with: "_") + "_BIN"
    }

    /// Path of the executable `name`: the override variable if set, else the first match found by `find`,
    /// else the path it would have next to the running binary (so the error message names the build dir).
    public static func path(of name: String) -> String {
        if let override = ProcessInfo.processInfo.environment[environmentKey(for: name)], !override.isEmpty {
            return override
        }
        return find(name) ?? runningExecutableDirectory().appendingPathComponent(name).path
    }

    /// Searches next to the running executable and up to four levels above it, then in
    /// `./.build/debug` and `./.build/release` (the working directory of `swift test`). nil if not found.
    public static func find(_ name: String) -> String? {
        var dir = runningExecutableDirectory()
        var candidates: [URL] = []
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent(name))
            dir.deleteLastPathComponent()
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        candidates.append(cwd.appendingPathComponent(".build/debug/\(name)"))
        candidates.append(cwd.appendingPathComponent(".build/release/\(name)"))
        return candidates.map(\.path).first(where: isExecutableFile)
    }

    /// Directory of the running binary (the .xctest runner or pulpe-bench), symlinks resolved.
    public static func runningExecutableDirectory() -> URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }
}
