/// Command-line switches that constrain the terminal capabilities
/// (`--no-color`, `--ascii`, `--reduced-motion`). The CLI parser fills this in.
public struct CapabilityFlags: Hashable, Sendable {
    /// `--no-color`: attributes only.
    public var noColor: Bool
    /// `--ascii`: ASCII glyphs even on a UTF-8 terminal.
    public var ascii: Bool
    /// `--reduced-motion`: static frames, no spinner animation.
    public var reducedMotion: Bool

    public init(noColor: Bool = false, ascii: Bool = false, reducedMotion: Bool = false) {
        self.noColor = noColor
        self.ascii = ascii
        self.reducedMotion = reducedMotion
    }

    /// No flag given.
    public static let none = CapabilityFlags()
}
