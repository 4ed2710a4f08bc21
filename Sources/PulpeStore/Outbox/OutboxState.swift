import Foundation
import PulpeDomain

/// Where an item stands. A sent item is not kept: the server has it.
public enum OutboxState: Sendable, Hashable {
    /// Waiting to be sent (or being sent, when claimed).
    case pending
    /// The server refused it (400 / 404 / 422) with this reason; kept until the user edits or
    /// deletes it, never dropped.
    case refused(reason: RefusalReason)
}
