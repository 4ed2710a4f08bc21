import Foundation
import PulpeTestSupport
import Testing

/// From a fresh state the user logs in with the demo account and PIN and reaches home;
/// the next start reuses the saved session and skips the login.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoginE2ETests {
    private var binary: String { BinaryLocator.path(of: "pulpe") }

    @Test func passwordLoginThenPinThenHomeAndTheSessionIsKept() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-login")
        defer { home.remove() }
        let environment = PTYEnvironment.standard(home: home.path)
        do {
            let p = try PTYProcess(binary, env: environment, rows: 24, cols: 80)
            defer { p.terminate() }
            #expect(p.waitText("Mot de passe", timeout: 10), "\(p.screen.text)")
            p.send("demo@pulpe.local")
            p.sendKey(.enter)
            p.send("wrong-password")
            p.sendKey(.enter)
            #expect(p.waitText("Email ou mot de passe incorrect", timeout: 10), "\(p.screen.text)")
            for _ in 0..<"wrong-password".count { p.sendKey(.backspace) }
            p.send("pulpe-demo")
            p.sendKey(.enter)
            #expect(p.waitText("Code PIN", timeout: 10), "\(p.screen.text)")
            p.settle()
            p.send("9999")
            #expect(p.waitText("Code incorrect — réessaie", timeout: 10), "\(p.screen.text)")
            #expect(!p.screen.text.contains("0.00"), "a wrong PIN never shows zero amounts")
            p.send("1234")
            #expect(p.waitText("Disponible à dépenser", timeout: 10), "\(p.screen.text)")
            #expect(p.screen.line(0).contains("demo@pulpe.local"))
            p.send("q")
            #expect(p.waitExit() == 0)
        }
        let sessionFile = home.url.appendingPathComponent(".local/state/pulpe/session.json")
        let mode = try FileManager.default.attributesOfItem(atPath: sessionFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let saved = try String(contentsOf: sessionFile, encoding: .utf8)
        let log = (try? String(contentsOf: home.url.appendingPathComponent(".local/state/pulpe/pulpe.log"), encoding: .utf8)) ?? ""
        #expect(!log.contains("pulpe-demo"), "the password never reaches the log")
        #expect(saved.contains("refresh_token") || saved.contains("refreshToken"))

        do {
            // The PIN's key was kept (decision 36): the next start needs neither login nor PIN.
            let again = try PTYProcess(binary, env: environment, rows: 24, cols: 80)
            defer { again.terminate() }
            #expect(again.waitText("Disponible à dépenser", timeout: 10), "\(again.screen.text)")
            #expect(!again.screen.text.contains("Mot de passe") && !again.screen.text.contains("Code PIN"))
            again.send("q")
            #expect(again.waitExit() == 0)
        }
        let lock = try ShellAddE2ETests.pulpe(["lock"], home: home.path)
        #expect(lock.status == 0, "\(lock)")

        let locked = try PTYProcess(binary, env: environment, rows: 24, cols: 80)
        defer { locked.terminate() }
        #expect(locked.waitText("Code PIN", timeout: 10), "after pulpe lock the saved session asks the PIN: \(locked.screen.text)")
        #expect(!locked.screen.text.contains("Mot de passe"))
        locked.send("1234")
        #expect(locked.waitText("Disponible à dépenser", timeout: 10), "\(locked.screen.text)")
        locked.send("q")
        #expect(locked.waitExit() == 0)
    }

    @Test func escapeOnThePinScreenSignsOut() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-login")
        defer { home.remove() }
        let p = try PTYProcess(binary, env: PTYEnvironment.standard(home: home.path), rows: 24, cols: 80)
        defer { p.terminate() }
        #expect(p.waitText("Mot de passe", timeout: 10))
        p.send("demo@pulpe.local")
        p.sendKey(.enter)
        p.send("pulpe-demo")
        p.sendKey(.enter)
        #expect(p.waitText("Code PIN", timeout: 10))
        p.settle()   // ncurses paints over several reads: let the PIN screen finish first
        p.sendKey(.escape)
        // Back on the login form (no PIN title left), with the email still filled in.
        #expect(p.pump(timeout: 5) { !$0.text.contains("Code PIN") && $0.text.contains("Mot de passe") },
                "\(p.screen.text)")
        p.settle()
        #expect(p.screen.text.contains("demo@pulpe.local"), "the email stays filled in")
        p.sendKey(.ctrlC)
        #expect(p.waitExit() == 130)
    }
}
