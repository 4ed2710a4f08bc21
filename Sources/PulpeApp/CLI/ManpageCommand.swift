import ArgumentParser
import Foundation

/// `pulpe generate-manpage` (hidden): pulpe(1) in roff, built from the commands' own
/// configuration and help — the same source as `--help` and the completions, so the man page
/// cannot drift from the program. `make install` writes it to share/man/man1/pulpe.1.
struct ManpageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-manpage",
        abstract: "Print the pulpe(1) man page (roff).",
        shouldDisplay: false)

    func run() {
        ShellServices.say(Self.page())
    }

    static func page() -> String {
        let root = PulpeCommand.configuration
        var out = [".TH PULPE 1 \"\" \"pulpe \(PulpeVersion.current)\" \"User Commands\"", ".SH NAME",
                   "pulpe \\- " + escape(root.abstract), ".SH SYNOPSIS", ".B pulpe",
                   "[\\fIoptions\\fR] [\\fIsubcommand\\fR [\\fIoptions\\fR]]", ".SH DESCRIPTION"]
        out += paragraphs(root.discussion)
        out += [".SH OPTIONS", ".nf"] + verbatim(PulpeCommand.helpMessage(for: PulpeCommand.self, columns: 78)) + [".fi"]
        out.append(".SH COMMANDS")
        for command in root.subcommands where command.configuration.shouldDisplay {
            let name = command.configuration.commandName ?? "\(command)"
            out += [".SS pulpe \(name)", escape(command.configuration.abstract), ".PP", ".nf"]
            out += verbatim(PulpeCommand.helpMessage(for: command, columns: 78))
            out.append(".fi")
        }
        out += [".SH EXIT STATUS", ".TP", "0", "done (sent, printed, unlocked)", ".TP", "64",
                "usage: an unknown option, a malformed argument or a server setting that cannot be used", ".TP", "65",
                "invalid input (pulpe add): nothing stored; a request the server refused", ".TP", "69",
                "nothing done and nothing stored: no server, and nothing local could answer", ".TP", "73",
                "pulpe export: the output file cannot be written", ".TP", "74",
                "nothing stored: the outbox cannot be written (full or read-only disk)", ".TP", "75",
                "stored and queued, and only that (server unreachable or in maintenance)", ".TP", "77",
                "not signed in, or locked: run pulpe unlock",
                ".SH FILES", ".TP", "$XDG_CONFIG_HOME/pulpe/config.json", "server settings and profiles", ".TP",
                "$XDG_STATE_HOME/pulpe/session.json", "the saved session (0600)", ".TP",
                "$XDG_DATA_HOME/pulpe/outbox.sqlite", "writes not yet on the server (sealed)", ".TP",
                "$XDG_DATA_HOME/pulpe/data-key.json", "the data key that seals the outbox and the cache, wrapped by the PIN's key", ".TP",
                "$XDG_CACHE_HOME/pulpe/cache.sqlite", "the last good data: the whole account once read (pulpe sync; sealed)", ".TP",
                "$XDG_DATA_HOME/pulpe/accounts/, $XDG_CACHE_HOME/pulpe/accounts/",
                "the same three files for each other account signed in on this home", ".TP",
                "$XDG_STATE_HOME/pulpe/pulpe.log", "the log",
                ".SH SEE ALSO", "pulpe-server(1)"]
        return out.joined(separator: "\n")
    }

    /// Help text kept as it is (`.nf`): each line escaped so roff reads none of it as a request.
    static func verbatim(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }
    }

    static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n").flatMap { [escape(String($0)), ".br"] }
    }

    /// Backslashes doubled; a line starting with `.` or `'` guarded by `\&`.
    static func escape(_ line: String) -> String {
        let text = line.replacingOccurrences(of: "\\", with: "\\e")
        if text.hasPrefix(".") || text.hasPrefix("'") { return "\\&" + text }
        return text
    }
}
