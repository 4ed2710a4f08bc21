import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe lock`: forgets the kept client key; shell commands then exit 77 until `pulpe unlock`.
struct LockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Forget the kept client key (the PIN is asked again).",
        discussion: "Exit status: 0 (also when no key was kept).")

    @OptionGroup var server: ServerFlags

    func run() async throws {
        let app = try await ShellServices.start(server)
        let forgotten = await app.services.sessions.lock()
        await app.stop()
        ShellServices.say(forgotten ? "Verrouillée — le code sera demandé" : "Déjà verrouillée")
    }
}
