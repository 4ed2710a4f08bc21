import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file or directory that could not be synced (the path and `errno`).
public struct DurabilityError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var code: Int32

    public var description: String { "cannot sync \(path) to the disk: \(String(cString: strerror(code)))" }
}
