#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything on this machine a fresh `pulpe status` answer depends on, in a form cheap to
/// compare: the files it reads (session, kept keys, configuration, outbox) by identity, size and
/// modification time; the cache by its generation (`cacheDigest`); the environment that picks the server and the folders; and
/// the local day, which picks the pay-day period. Two captures equal ⇒ the same answer.
public struct LocalInputs: Sendable, Hashable {
    /// The local day, `YYYY-MM-DD`.
    public var day: String
    /// FNV-1a of the environment variables that choose the server, the account's files and the day.
    public var environment: UInt64
    public var files: [FileStamp]
    /// The cache's entries' digest; nil when it could not be read (then nothing is memoised).
    public var cache: String?

    public init(day: String, environment: UInt64, files: [FileStamp], cache: String?) {
        self.day = day
        self.environment = environment
        self.files = files
        self.cache = cache
    }

    /// Reads them now.
    public static func capture(_ paths: StatusPaths, environment: [String: String], now: Double) -> LocalInputs {
        LocalInputs(day: localDay(now), environment: signature(environment),
                    files: paths.inputFiles.map(FileStamp.init(path:)), cache: cacheDigest(paths.cache))
    }

    /// The variables that can change which server, account, folders or day a command sees: the
    /// XDG folders, `HOME`, `TZ`, and every `PULPE_*`.
    public static func signature(_ environment: [String: String]) -> UInt64 {
        let fixed: Set<String> = ["HOME", "TZ", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
                                  "MAINTENANCE_MODE"]
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for (name, value) in environment.filter({ fixed.contains($0.key) || $0.key.hasPrefix("PULPE_") })
            .sorted(by: { $0.key < $1.key }) {
            for byte in "\(name)=\(value)".utf8 + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        return hash
    }

    /// `YYYY-MM-DD` of `now` in the local time zone (`TZ`, else /etc/localtime), as the app's
    /// wall clock sees it.
    public static func localDay(_ now: Double) -> String {
        BrokenDownTime.localDay(now)
    }

    /// The cache's generation: the stamp (inode and modification time) of `cache.sqlite.generation`,
    /// which the app replaces after every committed write to the cache (`CacheGeneration` in
    /// PulpeStore). The cache itself is sealed (decision 83) — and its open writes to its file, so
    /// its own times prove nothing. Nil when there is none yet (then nothing is memoised).
    static func cacheDigest(_ path: String) -> String? {
        let stamp = FileStamp(path: path + ".generation")
        guard stamp.exists else { return nil }
        return "\(stamp.device):\(stamp.inode):\(stamp.modifiedSeconds).\(stamp.modifiedNanoseconds)"
    }
}
