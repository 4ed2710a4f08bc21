import Glibc

/// Why a program could not be started in a pseudo-terminal.
public enum PTYError: Error, CustomStringConvertible, Sendable {
    /// The path does not name an executable file (wrong build directory, binary not built yet...).
    case notExecutable(String)
    /// `forkpty` itself failed (out of ptys or processes); carries `errno`.
    case forkptyFailed(Int32)

    public var description: String {
        switch self {
        case .notExecutable(let path):
            return "not an executable file: \(path) (build it first, or set PULPE_BIN / PULPE_SERVER_BIN)"
        case .forkptyFailed(let code):
            return "forkpty failed: \(String(cString: strerror(code)))"
        }
    }
}
