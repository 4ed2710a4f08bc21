import Foundation
import PulpeDomain

/// What is wrong with the outbox's file, as the user needs to hear it (decision 40).
public enum OutboxNotice: Hashable, Sendable {
    /// A damaged outbox was moved aside under this name (the newest of `count` kept aside); a
    /// fresh one holds new expenses. Said until the user moves or deletes the kept file.
    case keptAside(fileName: String, count: Int)
    /// No outbox could be opened this run (full or read-only disk…): adding is refused.
    case unavailable
    /// The sealed outbox's key could not be registered (or libcrypto is missing): it is not
    /// opened, never in clear, and adding is refused (decision 98).
    case unsealable
}
