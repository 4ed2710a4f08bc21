/// The shell commands' exit statuses, from sysexits(3) (docs/product.md §5).
enum ExitStatus {
    static let ok: Int32 = 0
    /// Bad usage (also what swift-argument-parser uses for a bad option).
    static let usage: Int32 = 64
    /// The input is not an expense (amount, description, date).
    static let dataError: Int32 = 65
    /// Nothing done and nothing stored: the server cannot be reached (or is in maintenance) and
    /// nothing local can answer (EX_UNAVAILABLE).
    static let unavailable: Int32 = 69
    /// Nothing stored: the local files (the outbox) cannot be written — a full or read-only disk (EX_IOERR).
    static let ioError: Int32 = 74
    /// A system library the command opens is not installed: libxml2 for a CAMT.053 statement (EX_OSFILE).
    static let osFile: Int32 = 72
    /// An output file asked for cannot be written (EX_CANTCREAT).
    static let cannotCreate: Int32 = 73
    /// Stored, not sent yet (server unreachable or in maintenance); the next `pulpe` sends it.
    /// Only ever that: a script may take 75 as « safely queued » (decision 81).
    static let tempFail: Int32 = 75
    /// Not signed in, or the data is locked (a PIN is needed).
    static let noPermission: Int32 = 77
    /// A bug of ours: a command ended in a state it should never reach.
    static let software: Int32 = 70
}
