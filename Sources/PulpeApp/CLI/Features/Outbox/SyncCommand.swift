import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe sync`: sends what the outbox holds, oldest first, and says what became of each item.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send what waits in the outbox (expenses and every other change), in order.",
        discussion: """
        --retry first puts every refused item back in the queue, unchanged (after fixing the cause \
        elsewhere). Then the whole account is read and kept locally (every month, the templates, the \
        settings: search, pulpe year and pulpe export use it offline) when it was last read more than \
        15 minutes ago, or with --account. Exit status: 0 nothing left to \
        send, 75 some still queued (server unreachable), 77 not signed in or locked.
        """)

    @Flag(help: "Try the refused items again (see pulpe pending).")
    var retry = false

    @Flag(help: "Read the whole account even if it was read in the last 15 minutes.")
    var account = false

    @OptionGroup var server: ServerFlags

    func run() async throws {
        let app = try await ShellServices.start(server)
        let outcome = await HeadlessDriver.run(SyncFlow(retryRefused: retry, accountAge: account ? nil : SyncFlow.accountAge),
                                                services: app.services)
        await app.stop()
        switch outcome {
        case let .synced(report)?:
            try say(report)
        case .stopped(.notSignedIn)?:
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        case .stopped(.locked)?:
            ShellServices.fail(ShellCopy.locked, status: ExitStatus.noPermission)
        case .stopped(.keyChanged)?:
            ShellServices.fail(ShellCopy.keyChanged, status: ExitStatus.noPermission)
        case nil:
            ShellServices.fail("sync did not finish", status: ExitStatus.software)
        }
    }

    /// One line per item, as it went; 75 when some still wait.
    private func say(_ report: SyncFlow.Report) throws {
        let before = report.before
        let words = Dictionary(before.items.map { ($0.id, ShellWords.expense($0)) } + before.changes.map { ($0.id, $0.text()) },
                               uniquingKeysWith: { first, _ in first })
        for line in report.lines {
            switch line {
            case let .sent(id):
                ShellServices.say("Envoyée : " + (words[id] ?? id))
            case let .refused(expense):
                if case let .refused(reason) = expense.state {
                    ShellServices.say("Refusée : \(ShellWords.expense(expense)) — \(reason.text)")
                }
            case let .changeRefused(change):
                if case let .refused(reason) = change.state { ShellServices.say("Refusée : \(change.text()) — \(reason.text)") }
            case let .waiting(id, failure):
                ShellServices.say("En attente : " + (words[id] ?? id) + " (\(failure.text))")
            }
        }
        if report.hadNothing { ShellServices.say("Rien à envoyer") }
        switch report.replica {
        case let .synced(status)?:
            ShellServices.say("Compte à jour · \(status.months) mois · " + DateFormatting.stamp(status.at, now: SystemTime.now(), in: .system))
        case let .failed(failure)?:
            ShellServices.warn("Compte non synchronisé : \(failure.text) (the account could not be read; what was kept stays)")
        case nil:
            break
        }
        if report.remaining > 0 { throw ExitCode(ExitStatus.tempFail) }
    }
}
