import Foundation
import PulpeCrypto
import PulpeDomain
import PulpeStore

/// Why the data key could not be had.
public enum VaultError: Error, Sendable, Equatable, CustomStringConvertible {
    case cryptoUnavailable
    case unreadable(String)
    case unwritable(String, Int32)
    /// The data key at `path` belongs to another account (or to one made before accounts were
    /// recorded that this key does not open): nothing of it is opened, re-wrapped or replaced.
    case otherAccount(String)

    public var description: String {
        switch self {
        case .cryptoUnavailable: "data key: libcrypto (libcrypto.so.3) cannot be opened"
        case let .unreadable(path): "data key: \(path) cannot be read"
        case let .unwritable(path, code): "data key: \(path) cannot be written: \(String(cString: strerror(code)))"
        case let .otherAccount(path):
            "data key: \(path) belongs to another account of this home; its local files stay sealed, untouched, for it"
        }
    }
}
