import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PulpeDomain
import PulpeNetworking
import PulpeTestSupport
import Testing

/// Decision 43, end to end with the real binaries in a pseudo-terminal and a real `pulpe-server`:
/// a kept client key made stale by a PIN changed « on another device » (the sandbox's
/// `POST /__sandbox/pin`) never shows zeros — the TUI asks the new PIN, the shell exits 77 —;
/// a kept key expires `key_ttl` after its last use; the TUI locks itself after `lock_after`
/// without a key press (and at once with `L`) and comes back where it was.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct StaleKeyE2ETests {
    static let email = "demo@pulpe.local"
    static let keyChangedNotice = "Ton code d'accès a été modifié — saisis ton nouveau code"
    static let lockedNotice = "Verrouillé — saisis ton code"

    static func api(_ port: Int) -> [String] { ["--api-url", "http://127.0.0.1:\(port)/api/v1"] }

    /// The TUI on a home that already holds a session (no sign-in).
    static func startTUI(port: Int, home: String, extra: [String: String] = [:]) throws -> PTYProcess {
        try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api(port),
                       env: PTYEnvironment.standard(home: home, extra: extra), rows: 40, cols: 120)
    }

    /// A fresh home and server, signed in with the TUI (the PIN keeps the key), the TUI quit: where
    /// the shell tests start. `keepingData`: the server keeps its data in a directory of its own,
    /// so it can be stopped and started again with what it held (`restartServer`).
    final class SignedIn {
        let home: TemporaryDirectory
        let port: Int
        private(set) var server: SandboxProcess
        private let data: TemporaryDirectory?
        var api: [String] { StaleKeyE2ETests.api(port) }

        init(_ prefix: String, keepingData: Bool = false) throws {
            home = try TemporaryDirectory(prefix: prefix)
            port = SandboxProcess.freePort()
            data = keepingData ? try TemporaryDirectory(prefix: prefix + "-server") : nil
            server = try SandboxProcess(port: port, dataDir: data?.path)
            do {
                let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
                defer { p.terminate() }
                p.send("q")
                #expect(p.waitExit() == 0)
            } catch {
                stop()
                throw error
            }
        }

        /// The server back on the same port with the data it held (after `server.stop()`).
        func restartServer() throws {
            server = try SandboxProcess(port: port, dataDir: data?.path)
        }

        func stop() {
            server.stop()
            home.remove()
            data?.remove()
        }
    }

    /// The PIN changed on another device: the sandbox re-keys `email` for `pin`.
    static func changePin(port: Int, email: String = email, pin: String) throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/__sandbox/pin")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["email": email, "pin": pin])
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status = 0
        nonisolated(unsafe) var body = Data()
        URLSession.shared.dataTask(with: request) { data, response, _ in
            body = data ?? Data()
            status = (response as? HTTPURLResponse)?.statusCode ?? -1
            done.signal()
        }.resume()
        done.wait()
        let answer = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        #expect(status == 200, "POST /__sandbox/pin answered \(status): \(String(decoding: body, as: UTF8.self))")
        #expect(answer?["email"] as? String == email, "\(String(decoding: body, as: UTF8.self))")
        guard status == 200 else { throw SandboxProcessError.adminRefused(status) }
    }

    // MARK: Reading the screen

    /// The amount under « Disponible à dépenser » (e.g. `3’885.51 CHF`), if the month panel shows it.
    static func available(_ screen: MiniVT) -> String? {
        let lines = screen.text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains("Disponible à dépenser") }), index + 1 < lines.count,
              let range = lines[index + 1].range(of: #"[+-]?[0-9’]+\.[0-9]{2} CHF"#, options: .regularExpression)
        else { return nil }
        return String(lines[index + 1][range])
    }

    /// `3’885.51 CHF` → 3885.51.
    static func decimal(_ amount: String) -> Decimal? {
        Decimal(string: amount.replacingOccurrences(of: "’", with: "").replacingOccurrences(of: " CHF", with: ""),
                locale: Locale(identifier: "en_US_POSIX"))
    }

    /// What on `screen` reads as zeroed figures (an answer decrypted with a wrong key): nil when none.
    /// A zero in a budget line (`0.00 / 2’150.00`) is real and has no `CHF` after it; so is « Pointé
    /// 0.00 CHF » on a day nothing is checked off yet (the month at a glance).
    static func zeroedFigures(_ screen: MiniVT) -> String? {
        let text = screen.text
        let patterns = [#"Revenus\s+[+-]?0\.00 CHF"#, #"Dépenses\s+[+-]?0\.00 CHF"#, #"Report\s+[+-]?0\.00 CHF"#,
                        #"Solde de fin d'année\s+[+-]?0\.00 CHF"#, #"(?<![0-9’.])(?<!Pointé )[+-]?0\.00 CHF"#]
        for pattern in patterns {
            if let range = text.range(of: pattern, options: .regularExpression) { return String(text[range]) }
        }
        if let shown = available(screen), decimal(shown) == 0 { return "Disponible à dépenser \(shown)" }
        return nil
    }

    /// The month panel's title (`┌─ Novembre 2026 ─ 25.10. – 24.11. ─…`).
    static func monthTitle(_ screen: MiniVT) -> String? {
        screen.text.components(separatedBy: "\n").first { $0.hasPrefix("┌─ ") && $0.contains(" – ") }
            .map { String($0.prefix(40)) }
    }

    /// The transactions' header and the rows under it (what is selected / scrolled to).
    static func transactions(_ screen: MiniVT) -> [String] {
        let lines = screen.text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("─ Transactions (") }) else { return [] }
        return lines[start...].prefix(6).map { String($0.prefix(70)) }
    }

    // MARK: A. A PIN changed elsewhere

    @Test func aPinChangedElsewhereAsksTheNewPinAndNeverShowsZeros() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-stale-tui")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-stale-tui-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        var server = try SandboxProcess(port: port, dataDir: data.path)

        // Signed in with PIN 1234: the key is kept, the month is cached.
        var before = ""
        do {
            let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
            defer { p.terminate() }
            #expect(p.pump(timeout: 10) { Self.available($0) != nil }, "\(p.screen.text)")
            p.settle()
            before = try #require(Self.available(p.screen), "\(p.screen.text)")
            #expect(Self.decimal(before).map { $0 != 0 } == true, "the demo month has figures: \(before)")
            #expect(Self.zeroedFigures(p.screen) == nil, "the zero check does not fire on real figures\n\(p.screen.text)")
            p.send("q")
            #expect(p.waitExit() == 0)
        }
        // The zero check can fire: a frame with zeroed figures is caught.
        var zeroFrame = MiniVT(rows: 4, cols: 60)
        zeroFrame.feed("│ Disponible à dépenser\r\n│ 0.00 CHF\r\n│ Revenus           0.00 CHF   Dépenses  0.00 CHF")
        #expect(Self.zeroedFigures(zeroFrame) != nil)
        let beforeValue = try #require(Self.decimal(before))
        let expectedAfter = MoneyFormatter.format(beforeValue - Decimal(string: "7.30")!, currency: .chf)

        // An expense queued while the server is away.
        server.stop()
        let queued = try ShellAddE2ETests.pulpe(["add"] + Self.api(port) + ["--wait", "2", "7.30", "Kiosque"], home: home.path)
        #expect(queued.status == 75, "stored, not sent: \(queued)")
        server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        #expect(try server.transactions(email: Self.email).allSatisfy { $0.name != "Kiosque" })

        // The PIN is changed on « another device »: the kept key is now well-formed but wrong.
        try Self.changePin(port: port, pin: "5678")

        let p = try Self.startTUI(port: port, home: home.path)
        defer { p.terminate() }
        var frames = 0
        var zeroed: [String] = []
        var refused: [String] = []
        /// Every frame read from the pty, until `done`, is checked for zeros and refusals.
        func watch(timeout: Double, until done: (MiniVT) -> Bool) -> Bool {
            p.pump(timeout: timeout) { screen in
                frames += 1
                if let zero = Self.zeroedFigures(screen), zeroed.count < 3 { zeroed.append("\(zero)\n\(screen.text)") }
                if screen.text.contains("efusée"), refused.count < 3 { refused.append(screen.text) }
                return done(screen)
            }
        }
        /// `settle()`, still checking every frame: until no output for 0.2 s (a paint is complete).
        func watchUntilQuiet() {
            let deadline = Date().addingTimeInterval(5)
            var last = -1
            while p.bytesRead != last, Date() < deadline {
                last = p.bytesRead
                _ = watch(timeout: 0.2) { _ in false }
            }
        }
        let asked = watch(timeout: 20) { $0.text.contains(Self.keyChangedNotice) && $0.text.contains("Code PIN") }
        #expect(asked, "the PIN screen says why it is back\n\(p.screen.text)")
        watchUntilQuiet()   // the PIN screen is painted over the cached month top to bottom
        #expect(Self.available(p.screen) == nil && !p.screen.text.contains("CHF"), "no figure behind the PIN\n\(p.screen.text)")
        #expect(try server.transactions(email: Self.email).allSatisfy { $0.name != "Kiosque" },
                "nothing is sent with the refused key")

        p.send("5678")
        let back = watch(timeout: 20) { Self.available($0) != nil && $0.text.contains("Mis à jour à") }
        #expect(back, "the month comes back after the new PIN\n\(p.screen.text)")
        let shown = Self.available(p.screen) ?? "—"
        #expect(shown == before || shown == expectedAfter, "the same figure as before (\(before)), or minus the expense: \(shown)")

        let sent = QuickAddE2ETests.serverEventually(server, timeout: 20) { $0.contains { $0.name == "Kiosque" } }
        #expect(sent.filter { $0.name == "Kiosque" }.map(\.amount) == ["7.3"], "the queued expense waited, then was sent: \(sent)")
        let settled = watch(timeout: 20) { Self.available($0) == expectedAfter && $0.text.contains("Kiosque")
            && !$0.text.contains("en attente") }
        #expect(settled, "the month shows the expense and \(expectedAfter)\n\(p.screen.text)")
        #expect(zeroed.isEmpty, "\(zeroed.count) frame(s) of \(frames) showed zeroed figures:\n\(zeroed.joined(separator: "\n-----\n"))")
        #expect(refused.isEmpty, "the queued expense was refused instead of waiting:\n\(refused.first ?? "")")
        p.send("q")
        #expect(p.waitExit() == 0)

        let held = try server.transactions(email: Self.email)
        #expect(held.filter { $0.name == "Kiosque" }.count == 1, "sent exactly once: \(held.filter { $0.name == "Kiosque" })")
        let status = try ShellAddE2ETests.pulpe(["status", "--max-age", "3600"] + Self.api(port), home: home.path)
        #expect(status.status == 0, "\(status)")
        #expect(status.out.hasPrefix("Disponible ") && status.out.contains(expectedAfter), "\(status)")
        #expect(!status.out.contains(" 0.00 CHF"), "\(status)")
        let pending = try ShellAddE2ETests.pulpe(["pending"] + Self.api(port), home: home.path)
        #expect(pending.out == "Rien en attente\n", "\(pending)")
    }

    // MARK: B. The shell and a refused key

    @Test func theShellExits77WhenTheKeptKeyIsRefused() throws {
        let rig = try SignedIn("pulpe-stale-shell")
        defer { rig.stop() }
        let (home, port, api) = (rig.home, rig.port, rig.api)
        let good = try ShellAddE2ETests.pulpe(["status", "--json", "--max-age", "0"] + api, home: home.path)
        #expect(good.status == 0, "\(good)")
        let goodJSON = try #require(try JSONSerialization.jsonObject(with: Data(good.out.utf8)) as? [String: Any], "\(good)")
        let remaining = try #require(goodJSON["remaining"] as? String, "\(good.out)")
        #expect(Decimal(string: remaining).map { $0 != 0 } == true, "\(good.out)")

        try Self.changePin(port: port, pin: "5678")
        let refused = try ShellAddE2ETests.pulpe(["status", "--json", "--max-age", "0"] + api, home: home.path)
        #expect(refused.status == 77, "\(refused)")
        #expect(refused.err.contains("Code d'accès modifié"), "\(refused)")
        #expect(!refused.out.contains(#""remaining":"0""#), "never a zero: \(refused)")
        #expect(refused.out.isEmpty, "no figure at all: \(refused)")

        let unlocked = try ShellAddE2ETests.pulpe(["unlock", "--pin-stdin"] + api, home: home.path, stdin: "5678\n")
        #expect(unlocked.status == 0, "\(unlocked)")
        let again = try ShellAddE2ETests.pulpe(["status", "--json", "--max-age", "0"] + api, home: home.path)
        #expect(again.status == 0, "\(again)")
        let json = try JSONSerialization.jsonObject(with: Data(again.out.utf8)) as? [String: Any]
        #expect(json?["remaining"] as? String == remaining, "the same figure with the new key: \(again.out)")
        #expect(json?["stale"] as? Bool == false, "\(again.out)")
    }

    // MARK: C. key_ttl

    @Test func aKeptKeyExpiresAfterItsTTL() throws {
        let rig = try SignedIn("pulpe-key-ttl")
        defer { rig.stop() }
        let (home, api) = (rig.home, rig.api)
        let config = try ShellAddE2ETests.pulpe(["config"], home: home.path)
        #expect(config.status == 0, "\(config)")
        let lines = config.out.components(separatedBy: "\n")
        #expect(lines.contains { $0.hasPrefix("key_ttl ") && $0.contains("8h") }, "\(config.out)")
        #expect(lines.contains { $0.hasPrefix("lock_after ") && $0.contains("15m") }, "\(config.out)")
        // What protects the data, for this machine: sealed, a real account, the key kept for 8h.
        let guess = "the PIN (4 digits) is the only secret at rest: an offline guess costs ~0.69 s and 64 MiB, "
            + "all 10 000 ~115 min on one core"
        let kept = if KernelKeyring.sessionIfAvailable() != nil {
            "key kept in the kernel keyring for 8h — a copy of the disk alone opens nothing; \(guess)"
        } else {
            "key held in memory by the key agent for 8h — a copy of the disk alone opens nothing; \(guess)"
        }
        #expect(lines.last { !$0.isEmpty } == "protection: sealed files, \(kept)", "\(config.out)")

        #expect(try ShellAddE2ETests.pulpe(["lock"] + api, home: home.path).status == 0)
        let locked = try ShellAddE2ETests.pulpe(["status"] + api, home: home.path)
        #expect(locked.status == 77 && locked.err.contains("Session verrouillée"), "\(locked)")

        let unlocked = try ShellAddE2ETests.pulpe(["unlock", "--pin-stdin", "--key-ttl", "2"] + api, home: home.path, stdin: "1234\n")
        #expect(unlocked.status == 0, "\(unlocked)")
        let fresh = try ShellAddE2ETests.pulpe(["status"] + api, home: home.path)
        #expect(fresh.status == 0, "\(fresh)")
        Thread.sleep(forTimeInterval: 3.5)
        let expired = try ShellAddE2ETests.pulpe(["status"] + api, home: home.path)
        #expect(expired.status == 77, "\(expired)")
        #expect(expired.err.contains("Session verrouillée"), "\(expired)")
        #expect(expired.out.isEmpty, "\(expired)")
    }

    /// « keeps the key for N s since its last use »: uses less than N s apart keep it alive well
    /// past N s after the unlock.
    @Test func aKeptKeyLivesItsTTLSinceItsLastUse() throws {
        let rig = try SignedIn("pulpe-key-ttl-use")
        defer { rig.stop() }
        let (home, api) = (rig.home, rig.api)
        let unlocked = try ShellAddE2ETests.pulpe(["unlock", "--pin-stdin", "--key-ttl", "4s"] + api, home: home.path, stdin: "1234\n")
        #expect(unlocked.status == 0, "\(unlocked)")
        #expect(unlocked.out.contains("pour 4s"), "\(unlocked)")
        let start = Date()
        var runs: [String] = []
        // A use (a read from the server) about every second for 8 s, twice the lifetime: never 4 s without a use.
        while Date().timeIntervalSince(start) < 8 {
            let run = try ShellAddE2ETests.pulpe(["status", "--max-age", "0"] + api, home: home.path)
            runs.append(String(format: "%.1f s: %d %@", Date().timeIntervalSince(start), run.status, run.err))
            Thread.sleep(forTimeInterval: 0.6)
        }
        #expect(runs.count >= 4 && runs.allSatisfy { $0.contains(": 0 ") }, "\(runs.joined(separator: "\n"))")
    }

    // MARK: D. The idle lock

    @Test func theTUILocksWhenIdleAndComesBackWhereItWas() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-idle-lock")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let p = try QuickAddE2ETests.signIn(port: port, home: home.path, extra: ["PULPE_LOCK_AFTER": "3s"])
        defer { p.terminate() }
        let current = Self.monthTitle(p.screen)
        // The previous month (the seeded history has a full list) scrolled two rows down.
        p.send("[")
        #expect(p.pump(timeout: 5) { Self.monthTitle($0) != current && $0.text.contains("Mis à jour à") }, "\(p.screen.text)")
        #expect(p.pump(timeout: 5) { Self.transactions($0).count > 2 && !$0.text.contains("Aucune transaction") },
                "\(p.screen.text)")
        p.send("j")
        p.send("j")
        #expect(p.pump(timeout: 5) { $0.text.range(of: #"─ 3–[0-9]+ / [0-9]+ ─"#, options: .regularExpression) != nil },
                "two rows down\n\(p.screen.text)")
        p.settle(quiet: 0.2)
        let lastKey = Date()
        let month = try #require(Self.monthTitle(p.screen), "\(p.screen.text)")
        let rows = Self.transactions(p.screen)
        #expect(!p.screen.text.contains(Self.lockedNotice))

        let locked = p.pump(timeout: 8) { $0.text.contains(Self.lockedNotice) }
        let idle = Date().timeIntervalSince(lastKey)
        #expect(locked, "locked after 3 s without a key\n\(p.screen.text)")
        #expect(idle >= 2.5, "not before lock_after: \(idle) s")
        // The frame the notice is in, once painted (ncurses paints it top to bottom over the month).
        p.settle(quiet: 0.2)
        #expect(p.screen.text.contains(Self.lockedNotice) && p.screen.text.contains("Code PIN"), "\(p.screen.text)")
        #expect(!p.screen.text.contains("CHF"), "no amount behind the lock\n\(p.screen.text)")

        p.send("1234")
        #expect(p.pump(timeout: 15) { Self.monthTitle($0) == month && Self.transactions($0) == rows },
                "back on \(month) and the same rows \(rows)\n\(p.screen.text)")

        // L locks at once.
        p.send("L")
        #expect(p.pump(timeout: 1.5) { $0.text.contains(Self.lockedNotice) }, "L locks at once\n\(p.screen.text)")
        p.settle(quiet: 0.2)
        #expect(!p.screen.text.contains("CHF"), "\(p.screen.text)")
        p.send("1234")
        #expect(p.pump(timeout: 15) { Self.monthTitle($0) == month && Self.transactions($0) == rows },
                "back on \(month) after L\n\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    /// A screen locked while the server is away reopens with its PIN (checked against what the
    /// process locked away), and a wrong PIN does not open it.
    @Test func aScreenLockedOfflineReopensWithItsPin() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-offline-lock")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
        defer { p.terminate() }
        let month = try #require(Self.monthTitle(p.screen), "\(p.screen.text)")
        server.stop()
        p.send("L")
        #expect(p.pump(timeout: 2) { $0.text.contains(Self.lockedNotice) }, "\(p.screen.text)")
        p.send("9999")
        #expect(p.waitText("Code incorrect", timeout: 15), "a wrong PIN stays locked\n\(p.screen.text)")
        #expect(!p.screen.text.contains("CHF"), "\(p.screen.text)")
        p.send("1234")
        #expect(p.pump(timeout: 15) { Self.monthTitle($0) == month && $0.text.contains("CHF") },
                "back on \(month) without the server\n\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }
}
