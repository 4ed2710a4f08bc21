#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the key agent listens (decision 103): a Unix socket in a directory only its
/// user can enter — `$XDG_RUNTIME_DIR/pulpe/` (the login's tmpfs, wiped at logout) when set, else
/// `/tmp/pulpe-<uid>/` — named after the state directory's `client-keys.json` path, so two homes
/// (two test homes, two `XDG_STATE_HOME`s) never share an agent. Foundation-free: the launcher
/// asks the agent too. The socket's directory is refused when another user owns it or when its
/// mode lets anyone else in: someone could otherwise put their own agent there.
public enum KeyAgentPaths {
    /// The longest socket path `sockaddr_un` holds (its `sun_path` is 108 bytes, with the NUL).
    public static let maximumSocketPathBytes = 107

    /// The agent's directory for this environment: under `XDG_RUNTIME_DIR` when it names an
    /// existing directory, else the private folder of `/tmp`.
    public static func directory(environment: [String: String]) -> String {
        var info = stat()
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), stat(runtime, &info) == 0,
           info.st_mode & S_IFMT == S_IFDIR {
            return StatusPaths.joined(runtime, "pulpe")
        }
        return "/tmp/pulpe-\(getuid())"
    }

    /// The socket for the state whose kept-key file is `keptKeysPath`: `agent-<16 hex>.sock`.
    public static func socket(environment: [String: String], keptKeysPath: String) -> String {
        directory(environment: environment) + "/agent-" + fingerprint(keptKeysPath) + ".sock"
    }

    /// FNV-1a (64 bits) of the path in hex: a name, not a secret — it only keeps homes apart.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.utf8.count) + hex
    }

    /// Whether `path` is a directory (not a link to one) owned by this user, that no one else may
    /// enter, list or write.
    public static func isPrivateDirectory(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid() && info.st_mode & 0o077 == 0
    }

    /// Makes the socket's directory (0700) when missing and says whether it is private.
    public static func prepareDirectory(of socket: String) -> Bool {
        guard let slash = socket.utf8.lastIndex(of: UInt8(ascii: "/")) else { return false }
        let directory = String(socket[..<slash])
        if mkdir(directory, 0o700) != 0, errno != EEXIST { return false }
        return isPrivateDirectory(directory)
    }
}
