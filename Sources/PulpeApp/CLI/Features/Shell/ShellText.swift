import PulpeDomain

/// The one way the shell's words reach a terminal (decision 96): names come from other devices and
/// from bank statements, and an escape sequence in one would otherwise be obeyed by the terminal
/// (`pulpe month`, `pulpe search`, a refusal quoting a name). `ShellServices.say`, `warn` and
/// `fail` all write through `line`; `TextTable` makes each cell one line with `cell`.
enum ShellText {
    /// `text` and a line break, as bytes, every control shown as `\u001b` except the line breaks
    /// the shell's own messages and tables are made of. JSON output goes through here too: its
    /// controls are escaped already, and a raw C1 one in a string becomes a JSON escape of itself,
    /// so `--json` still reads back the exact name.
    static func line(_ text: String) -> String.UTF8View {
        (TerminalControls.visible(text, keeping: "\n") + "\n").utf8
    }

    /// One table cell: a line break in a name is shown as `\u000a` too, so it cannot start a row of its own.
    static func cell(_ text: String) -> String {
        TerminalControls.visible(text)
    }
}
