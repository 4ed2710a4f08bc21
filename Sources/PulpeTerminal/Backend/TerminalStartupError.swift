/// Why the full-screen terminal could not start. The CLI prints `message` and exits with a
/// non-zero status; nothing has been drawn at that point, so the shell stays clean.
public enum TerminalStartupError: Error, Hashable, Sendable {
    /// stdin or stdout is not a tty (a pipe, a CI log, `/dev/null`). Starting anyway would
    /// write escape codes into the pipe and spin forever on an input that never blocks.
    case notATerminal(StandardStream)
    /// stdin or stdout is not even open (`pulpe <&-`): said apart, because "not a terminal"
    /// would send the user looking for a pipe that is not there.
    case closedStream(StandardStream)
    /// `newterm` failed: TERM is unset or has no terminfo entry. Carries TERM or `(unset)`.
    case unknownTerminal(String)
    /// The terminal has no cursor addressing (`cup`), e.g. TERM=dumb. Carries TERM.
    case cannotPositionCursor(String)

    /// The process exit status for this failure, distinct per cause so scripts and the E2E
    /// tests can tell them apart: 2 not a terminal, 3 unknown terminal, 4 no cursor addressing.
    public var exitCode: Int32 {
        switch self {
        case .notATerminal, .closedStream: 2
        case .unknownTerminal: 3
        case .cannotPositionCursor: 4
        }
    }

    /// The English message, without program name or trailing newline.
    public var message: String {
        switch self {
        case .notATerminal(let stream):
            return "standard \(stream.rawValue) is not a terminal (the full-screen app needs one; try pulpe --help)"
        case .closedStream(let stream):
            return "standard \(stream.rawValue) is closed (the full-screen app needs a terminal; try pulpe --help)"
        case .unknownTerminal(let term):
            return "unknown terminal type '\(term)' (try TERM=xterm-256color)"
        case .cannotPositionCursor(let term):
            return "terminal type '\(term)' cannot position the cursor"
        }
    }
}
