import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe unlock`: asks the PIN once, validates the derived client key with the server like the
/// PIN screen, and keeps it so shell commands and the next TUI start need no PIN (decision 36).
struct UnlockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Enter the PIN once and keep the client key for shell commands.",
        discussion: """
        The PIN is read from the terminal without echo (or one line of standard input with \
        --pin-stdin). The key is kept in the login session's kernel keyring when there is one, \
        else in $XDG_STATE_HOME/pulpe/client-keys.json (mode 0600); pulpe lock forgets it. It lasts \
        --key-ttl since its last use (seconds, or 90s, 15m, 8h, 2d; default key_ttl from \
        PULPE_KEY_TTL or the config file, else 8h; 0 keeps nothing).
        Exit status: 0 unlocked, 77 not signed in or wrong PIN, 75 server unreachable or in \
        maintenance, 65 not four digits.
        """)

    @Flag(name: .customLong("pin-stdin"), help: "Read the PIN from the first line of standard input.")
    var pinStdin = false

    @Option(name: .customLong("key-ttl"), help: "How long the kept key lasts since its last use (SECONDS or 90s, 15m, 8h, 2d; 0: keep nothing).")
    var keyTTL: String?

    @OptionGroup var server: ServerFlags

    func run() async throws {
        var ttl: Int?
        if let keyTTL {
            guard let seconds = DurationText.seconds(keyTTL) else {
                ShellServices.fail("--key-ttl : « \(keyTTL) » n'est pas une durée — expected seconds, or a number with s, m, h or d",
                                   status: ExitStatus.usage)
            }
            ttl = seconds
        }
        let app = try await ShellServices.start(server, keyTTLSeconds: ttl)
        // First without the PIN: it is asked only when there is something to unlock.
        switch await HeadlessDriver.run(UnlockFlow(pin: nil), services: app.services) {
        case .needsPin?:
            break
        case .notSignedIn?:
            await app.stop()
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        case .demo?:
            await app.stop()
            ShellServices.say("Session démo : aucun code nécessaire")
            return
        case let .failed(failure)?:
            await app.stop()
            Self.fail(failure)
        case .unlocked?, nil:
            await app.stop()
            ShellServices.fail("unlock did not finish", status: ExitStatus.software)
        }
        guard case let .pin(pin) = PinPrompt.read(fromStdin: pinStdin) else {
            await app.stop()
            throw ExitCode(130)
        }
        guard pin.count == 4, pin.allSatisfy(\.isASCII), pin.allSatisfy(\.isNumber) else {
            await app.stop()
            ShellServices.fail("Le code a 4 chiffres (the PIN must be four digits)", status: ExitStatus.dataError)
        }
        let outcome = await HeadlessDriver.run(UnlockFlow(pin: pin), services: app.services)
        // Where the key now is: a local question (keyring or agent), no request.
        let place = await app.services.sessions.keptKeyPlace()
        await app.stop()
        switch outcome {
        case .unlocked?:
            guard let place else {
                ShellServices.say("Déverrouillée — clé non gardée (key_ttl 0)")
                return
            }
            let where_ = place.userText
            let lasts = DurationText.format(seconds: app.keyTTLSeconds)
            ShellServices.say("Déverrouillée — clé gardée \(where_) pour \(lasts) après sa dernière utilisation ; pulpe lock l'oublie")
        case let .failed(failure)?:
            Self.fail(failure)
        case .notSignedIn?:
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        case .demo?, .needsPin?, nil:
            ShellServices.fail("unlock did not finish", status: ExitStatus.software)
        }
    }

    /// 75 when the server could not say (away, maintenance, its own error), else 77.
    private static func fail(_ failure: Failure) -> Never {
        let status = failure.isTransport || failure == .maintenance || failure == .serverError
            ? ExitStatus.unavailable : ExitStatus.noPermission
        ShellServices.fail("\(failure.text) (unlock failed: \(failure))", status: status)
    }
}
