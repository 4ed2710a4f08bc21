import Foundation
import PulpeDomain

/// Why the outbox could not store an expense (the form stays open with what was typed).
public enum StoreFailure: Error, Hashable, Sendable {
    /// The disk refused the write (full, read-only, damaged file).
    case diskUnavailable
    /// No signed-in user to store it for.
    case notSignedIn
}
