/// A parse failure, with where it happened and why, in English for the log and stderr.
public struct AnimationParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String

    public var description: String { "\(file):\(line): \(reason)" }
}
