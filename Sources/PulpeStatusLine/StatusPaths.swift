/// Where the files a fresh `pulpe status` reads live, by the XDG rules the app's stores follow
/// (`XDGPaths`, `StorePaths`, `SessionStore`, `ConfigFile`; `StatusPathsTests` holds them equal).
/// Nil without a usable `HOME` nor absolute XDG folders: the launcher then leaves it to the app.
public struct StatusPaths: Sendable, Hashable {
    public var config: String
    public var session: String
    public var keptKeys: String
    public var keyChecks: String
    public var outbox: String
    public var cache: String
    /// The memo `pulpe status` leaves for the next call (`StatusMemo`).
    public var memo: String

    public init?(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        func folder(_ variable: String, _ fallback: String) -> String? {
            if let value = environment[variable], value.hasPrefix("/") { return Self.joined(value, "pulpe") }
            return home.map { Self.joined($0, fallback + "/pulpe") }
        }
        guard let config = folder("XDG_CONFIG_HOME", ".config"), let state = folder("XDG_STATE_HOME", ".local/state"),
              let data = folder("XDG_DATA_HOME", ".local/share"), let cache = folder("XDG_CACHE_HOME", ".cache") else { return nil }
        self.config = config + "/config.json"
        session = state + "/session.json"
        keptKeys = state + "/client-keys.json"
        keyChecks = state + "/key-checks.json"
        outbox = data + "/outbox.sqlite"
        self.cache = cache + "/cache.sqlite"
        memo = cache + "/status-line"
    }

    /// The files compared by stamp (the cache is compared by content: `LocalInputs.cacheDigest`).
    public var inputFiles: [String] {
        [config, session, keptKeys, keyChecks, outbox, outbox + "-wal"]
    }

    /// These paths with the outbox and the cache of the account whose set is in `accounts/<slot>`
    /// (`AccountFiles`, decision 111); the home's set for nil.
    public func inSlot(_ slot: String?) -> StatusPaths {
        guard let slot, !slot.isEmpty, !slot.contains("/") else { return self }
        var paths = self
        paths.outbox = Self.joined(Self.folder(of: outbox), "accounts/" + slot + "/outbox.sqlite")
        paths.cache = Self.joined(Self.folder(of: cache), "accounts/" + slot + "/cache.sqlite")
        return paths
    }

    /// The paths a memo was left for (its recorded files), when they are these paths' own or an
    /// account's set beside them; nil otherwise. The session's stamp, compared with the rest,
    /// says the account is still the one the memo was left for.
    public func following(_ recorded: [String]) -> StatusPaths? {
        guard recorded.count == inputFiles.count, let outbox = recorded.dropFirst(4).first else { return nil }
        let prefix = Self.joined(Self.folder(of: self.outbox), "accounts/")
        let slot: String? = outbox == self.outbox ? nil : outbox.hasPrefix(prefix) && outbox.hasSuffix("/outbox.sqlite")
            ? String(outbox.dropFirst(prefix.count).dropLast("/outbox.sqlite".count)) : nil
        let paths = inSlot(slot)
        return paths.inputFiles == recorded ? paths : nil
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `base/component` without a doubled slash, as `URL.appendingPathComponent` writes it.
    static func joined(_ base: String, _ component: String) -> String {
        var base = base
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        return base == "/" ? "/" + component : base + "/" + component
    }
}
