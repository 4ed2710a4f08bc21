import Foundation
import PulpeDomain

/// A choice made on the review screen, remembered for the next imports: an operation whose label
/// holds `pattern` takes `name` and goes on the prévision `line`.
public struct ImportChoice: Hashable, Sendable {
    public var pattern: String
    public var name: String?
    public var line: String?
    public var tags: [String]

    public init(pattern: String, name: String?, line: String?, tags: [String] = []) {
        self.pattern = pattern
        self.name = name
        self.line = line
        self.tags = tags
    }
}
