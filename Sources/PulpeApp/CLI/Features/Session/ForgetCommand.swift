import ArgumentParser
import Foundation
import PulpeCore
import PulpeServices

/// `pulpe forget`: signs out of the account on this device and removes its local copy — the
/// replica of the whole account, the session, the kept key (decision 81). What waits in the outbox
/// stays queued for the next sign-in; with writes waiting, `--yes` is needed. The log goes too, with
/// its rotated copy (decision 100): it holds no names, but says when and how the account was used;
/// so does the built-in sandbox's `sandbox.log` and its copy.
struct ForgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Sign out on this device and remove the account's local copy (the replica).",
        discussion: """
        The session, the kept client key, every month kept locally and the logs (pulpe.log, sandbox.log) are removed; nothing is asked of \
        the server. What waits in the outbox stays queued (sent at the next sign-in to this account); \
        with writes waiting, --yes is needed. Exit status: 0 forgotten or nobody signed in, 64 writes \
        wait and no --yes.
        """)

    @Flag(help: "Forget even with writes waiting (they stay queued).")
    var yes = false

    @OptionGroup var server: ServerFlags

    func run() async throws {
        let app = try await ShellServices.start(server)
        let outcome = await HeadlessDriver.run(ForgetFlow(confirmed: yes), services: app.services)
        await app.stop()
        // The log goes with the account, or when nobody is signed in; never while writes wait.
        switch outcome {
        case .forgotten?, .nothing?:
            LogFile.remove(at: app.paths.logFile)
            // The built-in sandbox's log too: a running child writes on into a file no name reaches.
            LogFile.remove(at: app.paths.sandboxLogFile)
        default: break
        }
        switch outcome {
        case let .forgotten(email)?:
            ShellServices.say("Compte oublié sur cet appareil : \(email) (session, clé gardée et copie locale)")
        case .nothing?:
            ShellServices.say("Personne n'est connecté : rien à oublier")
        case let .writesWait(pending)?:
            let noun = pending == 1 ? "modification attend" : "modifications attendent"
            ShellServices.fail("\(pending) \(noun) d'être envoyée(s) — relance avec --yes pour oublier quand même "
                               + "(writes wait; nothing done)", status: ExitStatus.usage)
        case nil:
            ShellServices.fail("forget ended without an outcome (a bug: see the log)", status: ExitStatus.software)
        }
    }
}
