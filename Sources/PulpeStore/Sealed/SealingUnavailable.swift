import Foundation

/// A file cannot be sealed: libcrypto could not be opened, or the VFS did not take the file's key
/// (its registry is full, or the key is malformed). Either way nothing is opened — never in clear
/// (decision 98).
public struct SealingUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// libcrypto is not installed: nothing can be sealed.
        case noCrypto
        /// The key of the file at `path` was refused by the VFS (`code`: SQLite's, e.g. 13 when
        /// 1024 paths are registered already).
        case keyRefused(path: String, code: Int32)
    }

    public var reason: Reason

    public init(_ reason: Reason = .noCrypto) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .noCrypto: "libcrypto (libcrypto.so.3) cannot be opened: the local files cannot be sealed"
        case let .keyRefused(path, code):
            "the key of \(path) cannot be registered (sealed-file registry: code \(code)); not opened, never in clear"
        }
    }
}
