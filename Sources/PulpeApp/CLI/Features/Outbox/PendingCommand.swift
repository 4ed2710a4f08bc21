import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe pending`: what the outbox holds — queued and refused expenses — without sending anything.
struct PendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "List what waits in the outbox (queued and refused): expenses, checks, edits, deletes, prévisions.",
        discussion: "Exit status: 0, or 77 when nobody is signed in. --json prints an array; amounts are exact decimal strings.")

    @Flag(help: "Print JSON for scripts.")
    var json = false

    @OptionGroup var server: ServerFlags

    func run() async throws {
        let app = try await ShellServices.start(server, outbox: .readOnly)
        // The outbox is per user: whose, the saved session's file says — no request, no PIN
        // (`PendingFlow` never opens the gate).
        guard case let .listed(snapshot)? = await HeadlessDriver.run(PendingFlow(), services: app.services) else {
            await app.stop()
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        }
        if let waiting = app.outbox?.lockedCount {
            // Sealed and locked (decision 83): how many, never what.
            await app.stop()
            if json { ShellServices.fail(ShellCopy.locked, status: ExitStatus.noPermission) }
            ShellServices.say(waiting == 0 ? "Rien en attente · verrouillé" : "\(waiting) en attente · verrouillé — lance `pulpe unlock` pour les voir")
            return
        }
        // One list (`OutboxSnapshot.writes`), as the TUI's pending list reads it.
        let writes = snapshot.writes
        await app.stop()
        if json {
            ShellServices.say(Self.json(writes))
            return
        }
        if writes.isEmpty {
            ShellServices.say("Rien en attente")
            return
        }
        for write in writes {
            switch write {
            case let .expense(item):
                let state: String
                switch item.state {
                case .pending, .sending: state = "en attente"
                case let .refused(reason): state = "refusée : \(reason.text)"
                case .sent: state = "envoyée"
                }
                ShellServices.say("\(DateFormatting.swissDate(item.draft.date))  \(ShellWords.expense(item))  · \(state)")
            case let .change(change):
                let state: String
                switch change.state {
                case .pending, .sending, .sent: state = "en attente"
                case let .refused(reason): state = "refusée — \(reason.text)"
                }
                ShellServices.say("\(FrenchMonths.title(change.month))  \(change.text())  · \(state)")
            }
        }
    }

    /// `[{"id","name","amount","kind","date","month","state","reason"?}]`, amounts as exact strings.
    /// Other operations: `{"id","operation","text","month","state","reason"?}`.
    static func json(_ writes: [PendingWrite]) -> String {
        let rows: [[String: String]] = writes.map { write in
            switch write {
            case let .expense(item): row(item)
            case let .change(change): row(change)
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: rows, options: [.sortedKeys])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func row(_ item: PendingExpense) -> [String: String] {
        var row = ["id": item.id, "name": item.draft.name, "amount": "\(item.draft.amount)",
                   "kind": item.draft.kind.rawValue, "date": item.draft.date.description,
                   "month": String(format: "%04d-%02d", item.draft.month.year, item.draft.month.month)]
        switch item.state {
        case .pending, .sending: row["state"] = "pending"
        case let .refused(reason):
            row["state"] = "refused"
            row["reason"] = reason.text
        case .sent: row["state"] = "sent"
        }
        return row
    }

    private static func row(_ change: PendingChange) -> [String: String] {
        var row = ["id": change.id, "operation": change.operation.kindName, "text": change.text(),
                   "month": String(format: "%04d-%02d", change.month.year, change.month.month), "state": "pending"]
        if case let .refused(reason) = change.state {
            row["state"] = "refused"
            row["reason"] = reason.text
        }
        return row
    }
}
