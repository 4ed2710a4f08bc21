import CProcessGuard

/// A crashed `pulpe` or `pulpe-app` must not leave a core holding the client key, the data key,
/// tokens or decrypted pages (decision 100): both forbid their own core dumps as the very
/// first thing they do, before any key is read. Here, beside the status line, because it is the one
/// module both executables link; Foundation-free like the launcher.
public enum CoreDumps {
    /// Sets `RLIMIT_CORE` to 0 (kept across the launcher's exec) and the process not dumpable.
    /// False when the kernel refused either; nothing else to do then, the start goes on.
    @discardableResult
    public static func forbid() -> Bool { cpg_forbid_core_dumps() == 0 }

    /// Whether this process could dump core (`PR_GET_DUMPABLE`); nil where that cannot be asked.
    public static var isDumpable: Bool? {
        switch cpg_is_dumpable() {
        case 0: false
        case 1, 2: true
        default: nil
        }
    }
}
