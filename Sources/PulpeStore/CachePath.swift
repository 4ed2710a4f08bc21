extension CacheStore {
    /// `$XDG_CACHE_HOME/pulpe/cache.sqlite`, else `~/.cache/pulpe/cache.sqlite` (see `StorePaths`).
    public static func defaultPath(environment: [String: String]) -> String {
        StorePaths.path("cache.sqlite", variable: "XDG_CACHE_HOME", fallback: ".cache", environment: environment)
    }
}
