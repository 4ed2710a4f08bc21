import Foundation
import PulpeTestSupport
import Testing

/// Decision 99, end to end with the real binaries: one home, two accounts. Account A queues a write
/// while the server is in maintenance and locks; the TUI's Échap on the PIN screen then opens the
/// demo, or a second real account B; when A signs in again, in a new process, its write is sent
/// once and nothing was set aside — the demo and B opened, re-wrapped and replaced nothing of A's
/// (its data key is bound to A: decision 99). B has its own set (decision 111): its own write,
/// queued beside A's, is sent at B's next sign-in.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct TwoAccountsE2ETests {
    static let emailA = QuickAddE2ETests.email
    static let emailB = "b@pulpe.local"
    static let passwordB = "pulpe-b-password"
    static let pinB = "5678"

    static func api(_ port: Int) -> [String] { ["--api-url", "http://127.0.0.1:\(port)/api/v1"] }

    /// A signed in with the TUI, a write queued by `pulpe add` during maintenance, then `pulpe lock`.
    static func queueAndLock(server: SandboxProcess, port: Int, home: String) throws {
        let p = try QuickAddE2ETests.signIn(port: port, home: home)
        p.send("q")
        #expect(p.waitExit() == 0)
        try server.setMaintenance(true)
        let queued = try ShellAddE2ETests.pulpe(["add"] + api(port) + ["--wait", "2", "6.40", "Kiosque"], home: home)
        #expect(queued.status == 75, "\(queued)")
        #expect(queued.out.hasPrefix("En attente : Kiosque — 6.40 CHF"), "\(queued.out)")
        try server.setMaintenance(false)
        #expect(try ShellAddE2ETests.pulpe(["lock"] + api(port), home: home).status == 0)
    }

    /// The TUI on the locked home, Échap on its PIN screen: the sign-in form.
    static func escapeThePinScreen(port: Int, home: String) throws -> PTYProcess {
        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api(port),
                               env: PTYEnvironment.standard(home: home), rows: 40, cols: 120)
        #expect(p.waitText("Code PIN", timeout: 10), "\(p.screen.text)")
        p.settle()
        p.sendKey(.escape)
        #expect(p.pump(timeout: 5) { !$0.text.contains("Code PIN") && $0.text.contains("Mot de passe") }, "\(p.screen.text)")
        p.settle()
        return p
    }

    /// `email`, `password` and `pin` typed on the sign-in form, until the month is shown.
    static func signIn(_ p: PTYProcess, email: String, password: String, pin: String) {
        // The form keeps the last email, the password field focused: back to the email, cleared.
        if p.screen.text.contains("@pulpe.local") { p.sendKey(.backTab) }
        for _ in 0..<40 { p.sendKey(.backspace) }
        p.send(email)
        p.sendKey(.enter)
        p.send(password)
        p.sendKey(.enter)
        #expect(p.waitText("Code PIN", timeout: 10), "\(p.screen.text)")
        p.send(pin)
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
    }

    /// What a start set aside in the home: kept-aside data keys and outboxes.
    static func setAside(home: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home + "/.local/share/pulpe")) ?? []
        return names.filter { $0.hasPrefix("data-key-") || ($0.hasPrefix("outbox-") && $0.contains(".sqlite")) }.sorted()
    }

    static func dataKeyFile(home: String) -> Data? {
        FileManager.default.contents(atPath: home + "/.local/share/pulpe/data-key.json")
    }

    /// A signs in again from the locked home's sign-in form: its write is sent once, nothing set aside.
    static func aSignsInAgain(_ p: PTYProcess, server: SandboxProcess, home: String) {
        signIn(p, email: emailA, password: "pulpe-demo", pin: "1234")
        let held = QuickAddE2ETests.serverEventually(server, user: emailA, timeout: 10) { rows in
            rows.contains { $0.name == "Kiosque" }
        }
        #expect(held.filter { $0.name == "Kiosque" }.map(\.amount) == ["6.4"], "A's queued write sent once: \(held.map(\.name))")
        p.send("q")
        #expect(p.waitExit() == 0)
        #expect(setAside(home: home) == [], "nothing set aside")
    }

    @Test func theDemoBetweenTwoSignInsOfALeavesItsQueuedWrite() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-two-demo")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        try Self.queueAndLock(server: server, port: port, home: home.path)
        let keyOfA = Self.dataKeyFile(home: home.path)

        let demo = try Self.escapeThePinScreen(port: port, home: home.path)
        demo.sendKey(.ctrl("d"))
        #expect(demo.waitText("Mis à jour à", timeout: 15), "\(demo.screen.text)")
        demo.send("q")
        #expect(demo.waitExit() == 0)
        #expect(Self.dataKeyFile(home: home.path) == keyOfA, "the demo neither re-wrapped nor replaced A's data key")
        #expect(Self.setAside(home: home.path) == [])

        // The demo left as the README says (`pulpe forget`); what waits stays queued for A.
        let forgot = try ShellAddE2ETests.pulpe(["forget", "--yes"] + Self.api(port), home: home.path)
        #expect(forgot.status == 0 && forgot.out.contains("Compte oublié sur cet appareil : demo-"), "\(forgot)")
        let again = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: Self.api(port),
                                   env: PTYEnvironment.standard(home: home.path), rows: 40, cols: 120)
        defer { again.terminate() }
        #expect(again.waitText("Mot de passe", timeout: 10), "\(again.screen.text)")
        again.settle()
        Self.aSignsInAgain(again, server: server, home: home.path)
    }

    @Test func aSecondAccountOpensNothingOfTheFirstAndItsQueuedWriteIsSent() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-two-accounts")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        try server.createUser(email: Self.emailB, password: Self.passwordB, pin: Self.pinB)
        try Self.queueAndLock(server: server, port: port, home: home.path)
        let keyOfA = Self.dataKeyFile(home: home.path)

        let b = try Self.escapeThePinScreen(port: port, home: home.path)
        defer { b.terminate() }
        Self.signIn(b, email: Self.emailB, password: Self.passwordB, pin: Self.pinB)
        b.settle()
        #expect(!b.screen.text.contains("Kiosque"), "B sees nothing of A's\n\(b.screen.text)")
        b.send("q")
        #expect(b.waitExit() == 0)
        #expect(Self.dataKeyFile(home: home.path) == keyOfA, "B's key neither re-wrapped nor replaced A's data key")
        #expect(Self.setAside(home: home.path) == [])
        let pendingB = try ShellAddE2ETests.pulpe(["pending"] + Self.api(port), home: home.path)
        #expect(!pendingB.out.contains("Kiosque"), "\(pendingB)")

        // B has its own set (decision 111): its write queued during maintenance waits in its own
        // outbox, beside A's, and neither sees the other's.
        try server.setMaintenance(true)
        let queuedB = try ShellAddE2ETests.pulpe(["add"] + Self.api(port) + ["--wait", "2", "7.30", "Journal B"], home: home.path)
        #expect(queuedB.status == 75, "\(queuedB)")
        try server.setMaintenance(false)
        let waitingB = try ShellAddE2ETests.pulpe(["pending"] + Self.api(port), home: home.path)
        #expect(waitingB.out.contains("Journal B") && !waitingB.out.contains("Kiosque"), "\(waitingB)")
        let accounts = (try? FileManager.default.contentsOfDirectory(atPath: home.path + "/.local/share/pulpe/accounts")) ?? []
        #expect(accounts.count == 1, "B's own set: \(accounts)")

        // B in a new process: still nothing of A's opened or replaced.
        let status = try ShellAddE2ETests.pulpe(["status"] + Self.api(port), home: home.path)
        #expect(status.status == 0, "\(status)")
        #expect(Self.dataKeyFile(home: home.path) == keyOfA)
        #expect(Self.setAside(home: home.path) == [])

        #expect(try ShellAddE2ETests.pulpe(["lock"] + Self.api(port), home: home.path).status == 0)
        let a = try Self.escapeThePinScreen(port: port, home: home.path)
        defer { a.terminate() }
        Self.aSignsInAgain(a, server: server, home: home.path)
        #expect(try server.transactions(email: Self.emailB).filter { $0.name == "Kiosque" }.isEmpty, "not sent as B")
        #expect(try server.transactions(email: Self.emailA).filter { $0.name == "Journal B" }.isEmpty, "not sent as A")

        // B again, in a new process: its write is sent once, as B.
        #expect(try ShellAddE2ETests.pulpe(["lock"] + Self.api(port), home: home.path).status == 0)
        let again = try Self.escapeThePinScreen(port: port, home: home.path)
        defer { again.terminate() }
        Self.signIn(again, email: Self.emailB, password: Self.passwordB, pin: Self.pinB)
        let sentB = QuickAddE2ETests.serverEventually(server, user: Self.emailB, timeout: 10) { rows in
            rows.contains { $0.name == "Journal B" }
        }
        #expect(sentB.filter { $0.name == "Journal B" }.map(\.amount) == ["7.3"], "B's queued write sent once: \(sentB.map(\.name))")
        again.send("q")
        #expect(again.waitExit() == 0)
        #expect(Self.setAside(home: home.path) == [])
    }

    @Test func aPinChangedElsewhereSetsTheOutboxAsideOnlySayingWhatItHeld() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-two-pin")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        try Self.queueAndLock(server: server, port: port, home: home.path)
        // No key of this process opened A's files, and the old PIN's key opens no other: a new
        // data key, and the outbox it cannot read is set aside — saying what it held, and with what.
        try StaleKeyE2ETests.changePin(port: port, pin: "5678")
        let unlock = try ShellAddE2ETests.pulpe(["unlock", "--pin-stdin"] + Self.api(port), home: home.path, stdin: "5678\n")
        #expect(unlock.status == 0, "\(unlock)")
        let aside = Self.setAside(home: home.path)
        #expect(aside.count == 2 && aside.first?.hasPrefix("data-key-") == true, "\(aside)")
        let log = (try? String(contentsOfFile: home.path + "/.local/state/pulpe/pulpe.log", encoding: .utf8)) ?? ""
        let said = "; it held 1 write not sent, sealed with the data key kept as \(home.path)/.local/share/pulpe/\(aside[0]): "
            + "the PIN that sealed them opens them — keep both files (docs/bad-inputs.md)"
        #expect(log.contains(said), "\(log.suffix(1500))")
    }
}
