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
    /// A kept key, not checked with the server yet, opens no wrap of this account's data key at
    /// `path`: left as it is (never replaced on such a key's word) until a checked key comes.
    case notOpened(String)

    public var description: String {
        switch self {
        case .cryptoUnavailable: "data key: libcrypto (libcrypto.so.3) cannot be opened"
        case let .unreadable(path): "data key: \(path) cannot be read"
        case let .unwritable(path, code): "data key: \(path) cannot be written: \(String(cString: strerror(code)))"
        case let .otherAccount(path):
            "data key: \(path) belongs to another account of this home; its local files stay sealed, untouched, for it"
        case let .notOpened(path):
            "data key: the kept client key opens no wrap of \(path); left as it is until the PIN (the key may be stale)"
        }
    }
}
