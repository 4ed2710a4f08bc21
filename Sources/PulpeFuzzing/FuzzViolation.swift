import Foundation

/// A broken promise: the input is kept by libFuzzer and becomes a regression file.
public struct FuzzViolation: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
