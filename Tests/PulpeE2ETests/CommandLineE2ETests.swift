import Foundation
import PulpeTestSupport
import Testing

/// The command line itself: `--help` for every subcommand, `--version`, usage errors (64), and
/// `make install`'s generation step with the debug binaries (no release build in `make test`):
/// the binaries, pulpe(1) and the three completion scripts land where their tools look for them.
struct CommandLineE2ETests {
    @Test func everySubcommandHasHelpAndUsageErrorsExit64() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-help")
        defer { home.remove() }
        for command in ["add", "sync", "pending", "status", "month", "year", "unlock", "lock", "config"] {
            let help = try ShellAddE2ETests.pulpe([command, "--help"], home: home.path)
            #expect(help.status == 0 && help.out.contains("USAGE: pulpe \(command)"), "\(command): \(help)")
            #expect(help.out.contains("Exit status"), "\(command) documents its exit statuses")
        }
        let version = try ShellAddE2ETests.pulpe(["--version"], home: home.path)
        #expect(version.status == 0 && !version.out.isEmpty)
        #expect(try ShellAddE2ETests.pulpe(["status", "--no-such-option"], home: home.path).status == 64)
        #expect(try ShellAddE2ETests.pulpe(["add"], home: home.path).status == 64, "missing AMOUNT")
        let profile = try ShellAddE2ETests.pulpe(["config", "--profile", "nope"], home: home.path)
        #expect(profile.status == 64 && profile.err.contains("no profile"), "\(profile)")
    }

    @Test func installFilesPutsBinariesManPageAndCompletionsUnderThePrefix() throws {
        let prefix = try TemporaryDirectory(prefix: "pulpe-install")
        defer { prefix.remove() }
        let bin = URL(fileURLWithPath: BinaryLocator.path(of: "pulpe")).deletingLastPathComponent().path
        // The package root: this file is Tests/PulpeE2ETests/InstallE2ETests.swift.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/install-files.sh")
        process.arguments = [bin, prefix.path]
        process.environment = PTYEnvironment.anchoring(["PATH": "/usr/bin:/bin"])
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        func text(_ path: String) -> String { (try? String(contentsOfFile: prefix.path + "/" + path, encoding: .utf8)) ?? "" }
        #expect(FileManager.default.isExecutableFile(atPath: prefix.path + "/bin/pulpe"))
        #expect(FileManager.default.isExecutableFile(atPath: prefix.path + "/bin/pulpe-server"))
        // The launcher finds the app beside it, wherever it is installed.
        #expect(FileManager.default.isExecutableFile(atPath: prefix.path + "/bin/pulpe-app"))
        let installed = try ShellAddE2ETests.pulpe(["--version"], home: prefix.path, binary: prefix.path + "/bin/pulpe")
        #expect(installed.status == 0 && installed.out == "0.1.0\n", "\(installed)")
        let man = text("share/man/man1/pulpe.1")
        #expect(man.hasPrefix(".TH PULPE 1"), "\(man.prefix(200))")
        for command in ["add", "sync", "pending", "status", "month", "year", "unlock", "lock", "config"] {
            #expect(man.contains(".SS pulpe \(command)"), "man page section for \(command)")
        }
        #expect(!man.contains("generate-manpage"), "the hidden command stays hidden")
        #expect(text("share/bash-completion/completions/pulpe").contains("unlock"))
        #expect(text("share/zsh/site-functions/_pulpe").hasPrefix("#compdef pulpe"))
        #expect(text("share/fish/vendor_completions.d/pulpe.fish").contains("unlock"))
    }
}
