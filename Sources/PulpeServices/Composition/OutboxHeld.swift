import Foundation
import PulpeCore
import Logging
import PulpeNetworking
import PulpeStore

/// What an outbox set aside held, said with it (decision 99): a count from the clear hint (never a
/// name or an amount) and how to get the writes back.
public struct OutboxHeld: Sendable, Hashable {
    /// Writes waiting in it at its last commit (nil: unknown).
    public var waiting: Int?
    /// The data key file kept aside that opens it, when a new key replaced it.
    public var dataKeyKeptAt: String?

    public init(waiting: Int?, dataKeyKeptAt: String?) {
        self.waiting = waiting
        self.dataKeyKeptAt = dataKeyKeptAt
    }

    /// `; it held 2 writes not sent — …`, or "" when nothing is known to wait in it.
    public var sentence: String {
        guard let waiting, waiting > 0 else { return "" }
        let writes = waiting == 1 ? "1 write" : "\(waiting) writes"
        guard let dataKeyKeptAt else { return "; it held \(writes) not sent" }
        return "; it held \(writes) not sent, sealed with the data key kept as \(dataKeyKeptAt): the PIN that sealed "
            + "them opens them — keep both files (docs/bad-inputs.md)"
    }
}
