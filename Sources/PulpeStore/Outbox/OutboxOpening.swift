import Foundation
import GRDB
import Synchronization
import PulpeDomain

/// What `OutboxStore.open` found and did, beyond opening.
public struct OutboxOpening: Sendable, Hashable {
    /// The damaged file this open moved aside before making a fresh outbox, if it did.
    public var setAside: DamagedOutbox?
    /// One English line per file or folder whose mode was wider than 0600 / 0700 and was fixed.
    public var tightened: [String] = []

    public init(setAside: DamagedOutbox? = nil, tightened: [String] = []) {
        self.setAside = setAside
        self.tightened = tightened
    }
}
