import Foundation

/// Where the store's files go, by the XDG base directory spec: `$<variable>/pulpe/<file>`, else
/// `~/<fallback>/pulpe/<file>`. Computed from an environment dictionary (not the process
/// environment) so tests and the CLI decide what is read. A relative value is ignored, as the spec
/// requires; an empty or missing `HOME` falls back to the account's home directory.
enum StorePaths {
    static func path(_ file: String, variable: String, fallback: String, environment: [String: String]) -> String {
        if let base = environment[variable], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appendingPathComponent("pulpe/\(file)").path
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent("\(fallback)/pulpe/\(file)").path
    }
}
