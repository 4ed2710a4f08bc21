import Foundation
import PulpeDomain

/// Who is sending an item, and since when.
public struct OutboxClaim: Sendable, Hashable {
    public var owner: String
    public var at: Date

    public init(owner: String, at: Date) {
        self.owner = owner
        self.at = at
    }
}
