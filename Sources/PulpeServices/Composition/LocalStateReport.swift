import Foundation
import PulpeCore
import Logging
import PulpeNetworking
import PulpeStore

/// What the start found wrong with pulpe's own files, and what it did about it (decision 40): the
/// log gets every line; the TUI and the shell tell the user what changes for them.
///
/// The rules (docs/bad-inputs.md, decision 40): the cache is a copy and is rebuilt; the outbox is
/// never deleted — a damaged one is set aside byte for byte and a fresh one used; an unreadable
/// session means logging in again; an unreadable kept-key file means the PIN again; a private file
/// or folder found with wider permissions is tightened and the change logged.
public struct LocalStateReport: Sendable, Hashable {
    /// The damaged outbox this start moved aside, if it did.
    public var outboxSetAside: DamagedOutbox?
    /// How many writes that outbox held (its clear count hint, read before it was moved), and the
    /// data key kept aside that opens it, when a new key replaced it (decision 99).
    public var outboxSetAsideHeld: OutboxHeld?
    /// Every damaged outbox kept beside the outbox (this start's and earlier ones'), until the
    /// user moves or deletes them.
    public var outboxKeptAside: [String] = []
    /// Why there is no outbox this run (a full or read-only disk…): adding is refused, saying so.
    public var outboxUnusable: String?
    /// Whether that is because the outbox could not be sealed (its key refused): it was not
    /// opened, never in clear (decision 98).
    public var outboxUnsealable = false
    /// The saved session could not be read: signing in again is needed.
    public var sessionUnreadable: SessionStoreError?
    /// The kept client keys could not be read: the PIN is asked again.
    public var keptKeysUnreadable: SessionStoreError?
    /// Files and folders whose modes were fixed.
    public var tightened: [String] = []
    /// An earlier version's `client-keys.json` moved to the keyring or the key agent and wiped
    /// (decision 103): the log line, said once.
    public var keptKeysMoved: String?

    public init() {}

    /// One English line per finding, as the log and the shell's stderr say them.
    public var lines: [String] {
        var lines: [String] = []
        if let aside = outboxSetAside {
            lines.append("the outbox \(aside.path) was damaged (\(aside.reason)); it was kept aside, byte for byte, as "
                         + "\(aside.keptAs) and a fresh outbox is in use" + (outboxSetAsideHeld?.sentence ?? ""))
        }
        for kept in outboxKeptAside where kept != outboxSetAside?.keptAs {
            lines.append("a damaged outbox is kept aside as \(kept) (expenses in it were not sent; see docs/bad-inputs.md)")
        }
        if let outboxUnusable { lines.append("the outbox cannot be used: \(outboxUnusable); expenses cannot be stored") }
        if let sessionUnreadable { lines.append("\(sessionUnreadable); sign in again") }
        if case let .unreadable(path, reason)? = keptKeysUnreadable {
            lines.append("cannot read the kept client-key file \(path): \(reason); the PIN will be asked again")
        }
        lines += tightened.map { "permissions: \($0)" }
        return lines
    }

    /// What the user must hear about before anything else, in the shell (stderr): everything but
    /// the modes fixed and the kept keys (the PIN prompt, or « locked », says that one).
    public var userLines: [String] {
        var lines: [String] = []
        if let aside = outboxSetAside {
            lines.append("the outbox was damaged (\(aside.reason)); kept aside as \(aside.keptAs), a fresh one is in use"
                         + (outboxSetAsideHeld?.sentence ?? ""))
        }
        for kept in outboxKeptAside where kept != outboxSetAside?.keptAs {
            lines.append("a damaged outbox is kept aside as \(kept); its expenses were not sent")
        }
        if let outboxUnusable { lines.append("the outbox cannot be used (\(outboxUnusable))") }
        if sessionUnreadable != nil { lines.append("the saved session cannot be read; sign in again with `pulpe`") }
        return lines
    }

    func log(to logger: Logger) {
        if outboxSetAside != nil || outboxUnusable != nil || !outboxKeptAside.isEmpty {
            for line in lines where !line.hasPrefix("permissions:") { logger.error("local state: \(line)") }
        } else {
            for line in lines where !line.hasPrefix("permissions:") { logger.warning("local state: \(line)") }
        }
        for line in tightened { logger.warning("local state: permissions: \(line)") }
        if let keptKeysMoved { logger.info("local state: \(keptKeysMoved)") }
    }
}

extension LocalStateReport {
    /// The outbox's part, as the TUI's status line says it (nil: nothing to say).
    public var outboxNotice: OutboxNotice? {
        if outboxUnusable != nil { return outboxUnsealable ? .unsealable : .unavailable }
        guard let newest = outboxKeptAside.last else { return nil }
        return .keptAside(fileName: (newest as NSString).lastPathComponent, count: outboxKeptAside.count)
    }
}
