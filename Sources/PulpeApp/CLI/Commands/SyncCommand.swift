import ArgumentParser
import Foundation
import PulpeCore
import PulpeServices
import PulpeUI

/// `pulpe sync`: sends what the outbox holds, oldest first, and says what became of each item.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send what waits in the outbox (expenses and every other change), in order.",
        discussion: """
        --retry first puts every refused item back in the queue, unchanged (after fixing the cause \
        elsewhere). Exit status: 0 nothing left to send, 75 some still queued (server unreachable), \
        77 not signed in or locked.
        """)

    @Flag(help: "Try the refused items again (see pulpe pending).")
    var retry = false

    @OptionGroup var server: ServerFlags

    func run() async throws {
        let app = try await ShellServices.start(server)
        guard let session = await app.services.sessions.restoreSession() else {
            await app.stop()
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        }
        guard session.isUnlocked else {
            await app.stop()
            ShellServices.fail(session.keyWasRefused ? ShellCopy.keyChanged : ShellCopy.locked, status: ExitStatus.noPermission)
        }
        if retry {
            let refused = await app.services.outbox.snapshot()
            for id in refused.refused.map(\.id) + refused.changes.filter(\.isRefused).map(\.id) {
                _ = await app.services.outbox.retry(id: id)
            }
        }
        let before = await app.services.outbox.snapshot()
        let words = Dictionary(before.items.map { ($0.id, ShellWords.expense($0)) } + before.changes.map { ($0.id, $0.text()) },
                               uniquingKeysWith: { first, _ in first })
        let report = await app.services.outbox.sync { event in
            switch event {
            case let .sent(id):
                ShellServices.say("Envoyée : " + (words[id] ?? id))
            case let .refused(expense):
                if case let .refused(reason) = expense.state {
                    ShellServices.say("Refusée : \(ShellWords.expense(expense)) — \(reason)")
                }
            case let .deferred(id, failure):
                ShellServices.say("En attente : " + (words[id] ?? id) + " (\(failure.text))")
            case let .changeRefused(change):
                if case let .refused(reason) = change.state { ShellServices.say("Refusée : \(change.text()) — \(reason)") }
            case .sending:
                break
            }
        }
        await app.stop()
        if report.sent.isEmpty, report.refused.isEmpty, report.remaining == 0 { ShellServices.say("Rien à envoyer") }
        if report.remaining > 0 { throw ExitCode(ExitStatus.tempFail) }
    }
}
