import ArgumentParser
import Foundation

/// `pulpe`: the full-screen app. Subcommands (`add`, `status`, `sync`) join as their issues land.
public struct PulpeCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pulpe",
        abstract: "Pulpe, the Swiss budgeting service, in the terminal.",
        discussion: """
        Keys: ? help, q quit, Ctrl-L redraw. Logs go to $XDG_STATE_HOME/pulpe/pulpe.log.
        Environment: NO_COLOR (non-empty) disables colour; PULPE_REDUCED_MOTION=1 stops animations;
        PULPE_ASCII=1 forces the ASCII fallback.
        """,
        version: PulpeVersion.current
    )

    @Flag(name: .customLong("no-color"), help: "Draw without colour (same as NO_COLOR=1).")
    public var noColor = false

    @Flag(name: .customLong("ascii"), help: "Use ASCII instead of Unicode box drawing and typography.")
    public var ascii = false

    @Flag(name: .customLong("reduced-motion"), help: "Show static frames instead of animations.")
    public var reducedMotion = false

    public init() {}

    public func run() async throws {
        let status = await TUILauncher.launch(flags: DisplayFlags(noColor: noColor, ascii: ascii, reducedMotion: reducedMotion))
        if status != 0 { throw ExitCode(status) }
    }
}

/// The flags that shape how the app draws, handed to the terminal's capability detection.
public struct DisplayFlags: Sendable, Equatable {
    public var noColor: Bool
    public var ascii: Bool
    public var reducedMotion: Bool
}

public enum PulpeVersion {
    public static let current = "0.1.0"
}
