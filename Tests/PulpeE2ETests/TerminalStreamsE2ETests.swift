import Foundation
import PulpeTestSupport
import Testing

/// The full-screen app started without a whole terminal: stdin a pipe, stdout a file, stdin
/// closed, and the terminal hanging up under a running app. Each ends with one English line on
/// stderr (or nothing, when there is no terminal left to write to) and a non-zero status, never
/// a hang, a spin, or escape codes in a file. The shell runs the redirections, as a user's would,
/// inside a pty so that whichever stream is left a terminal really is one.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct TerminalStreamsE2ETests {
    private var binary: String { BinaryLocator.path(of: "pulpe") }

    /// `/bin/sh -c SCRIPT` in a pty, with `$PULPE` the binary; the app's own stderr is the pty.
    private func shell(_ script: String, home: TemporaryDirectory) throws -> PTYProcess {
        let env = PTYEnvironment.standard(home: home.path, extra: ["PULPE": binary])
        return try PTYProcess("/bin/sh", args: ["-c", script], env: env, rows: 24, cols: 100)
    }

    @Test func stdinAPipeSaysSoAndExitsTwo() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-streams")
        defer { home.remove() }
        let p = try shell(#"printf 'q' | "$PULPE""#, home: home)
        #expect(p.waitExit(timeout: 10) == 2)
        #expect(p.screen.text.trimmingCharacters(in: .whitespacesAndNewlines)
                == "pulpe: standard input is not a terminal (the full-screen app needs one; try pulpe --help)",
                "\(p.screen.text)")
        #expect(!p.screen.isAlternateScreen)
    }

    @Test func stdoutAFileSaysSoOnStderrAndWritesNothingToTheFile() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-streams")
        defer { home.remove() }
        let out = home.path + "/out.txt"
        let p = try shell(#""$PULPE" > "$HOME/out.txt""#, home: home)
        #expect(p.waitExit(timeout: 10) == 2)
        #expect(p.screen.text.trimmingCharacters(in: .whitespacesAndNewlines)
                == "pulpe: standard output is not a terminal (the full-screen app needs one; try pulpe --help)",
                "\(p.screen.text)")
        // Not one escape code (nor anything else) went into the file.
        #expect(FileManager.default.contents(atPath: out) == Data())
        #expect(!p.raw.contains(0x1b), "nothing but the message reached the terminal")
    }

    @Test func closedStdinSaysSoAndExitsTwo() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-streams")
        defer { home.remove() }
        let p = try shell(#"exec "$PULPE" <&-"#, home: home)
        #expect(p.waitExit(timeout: 10) == 2)
        #expect(p.screen.text.trimmingCharacters(in: .whitespacesAndNewlines)
                == "pulpe: standard input is closed (the full-screen app needs a terminal; try pulpe --help)",
                "\(p.screen.text)")
        #expect(!p.raw.contains(0x1b))
    }

    @Test func closedStdoutSaysSoOnStderr() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-streams")
        defer { home.remove() }
        let p = try shell(#"exec "$PULPE" >&-"#, home: home)
        #expect(p.waitExit(timeout: 10) == 2)
        #expect(p.screen.text.trimmingCharacters(in: .whitespacesAndNewlines)
                == "pulpe: standard output is closed (the full-screen app needs a terminal; try pulpe --help)",
                "\(p.screen.text)")
    }

    /// The terminal window closed under a running app: the kernel hangs the pty up. The app
    /// stops cleanly (its log says so) instead of spinning on a dead input.
    @Test func aHangUpStopsTheApp() throws {
        let app = try IsolatedApp(binary, rows: 24, cols: 80)
        let p = app.process
        #expect(p.waitText("Essayer la d", timeout: 10), "\(p.screen.text)")
        p.hangUp()
        #expect(p.waitExit(timeout: 10) == 129)
        let log = (try? String(contentsOfFile: app.home.path + "/.local/state/pulpe/pulpe.log", encoding: .utf8)) ?? ""
        #expect(log.contains("info pulpe: stopped status=129"), "log: \(log)")
    }

    /// The same with SIGHUP ignored (`nohup`-style, or a parent that set it so): the input's
    /// hang-up alone must end the app.
    @Test func aHangUpWithSighupIgnoredStillStopsTheApp() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-streams")
        defer { home.remove() }
        let p = try shell(#"trap '' HUP; exec "$PULPE""#, home: home)
        #expect(p.waitText("Essayer la d", timeout: 10), "\(p.screen.text)")
        p.hangUp()
        #expect(p.waitExit(timeout: 10) == 129)
    }
}
