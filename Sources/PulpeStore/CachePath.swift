import Foundation

extension CacheStore {
    /// `$XDG_CACHE_HOME/pulpe/cache.sqlite`, else `~/.cache/pulpe/cache.sqlite`.
    ///
    /// Computed from an environment dictionary (not the process environment) so tests and the CLI
    /// decide what is read. A relative `XDG_CACHE_HOME` is ignored, as the XDG spec requires; an
    /// empty or missing `HOME` falls back to the account's home directory.
    public static func defaultPath(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("pulpe/cache.sqlite").path
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/pulpe/cache.sqlite").path
    }
}
