/// What the terminal session may use: Unicode glyphs, colours, animation.
///
/// Resolved once at start-up by a pure function of the environment, the locale's codeset,
/// the terminal's colour count and the command-line flags, so that every rule (§6 of the
/// product spec) is a unit-tested table rather than scattered `getenv` calls.
public struct Capabilities: Hashable, Sendable {
    /// Unicode glyphs (box drawing, braille spinner, …) and non-ASCII text may be printed.
    public var unicode: Bool
    /// How many colours may be used.
    public var colorDepth: ColorDepth
    /// Animations must be replaced by static frames.
    public var reducedMotion: Bool

    public init(unicode: Bool, colorDepth: ColorDepth, reducedMotion: Bool) {
        self.unicode = unicode
        self.colorDepth = colorDepth
        self.reducedMotion = reducedMotion
    }

    /// The glyph set for these capabilities.
    public var glyphs: Glyphs { unicode ? .unicode : .ascii }

    /// A plain, capable terminal (UTF-8, 256 colours, motion): the default for tests.
    public static let full = Capabilities(unicode: true, colorDepth: .ansi256, reducedMotion: false)
    /// The most constrained session (ASCII, no colour, no motion).
    public static let minimal = Capabilities(unicode: false, colorDepth: .none, reducedMotion: true)

    /// Resolves the capabilities.
    ///
    /// - Unicode: the codeset is UTF-8 (any spelling: `UTF-8`, `utf8`), and neither `--ascii`
    ///   nor `PULPE_ASCII` (truthy: `1`, `true`, `yes`, `on`) asks for ASCII.
    /// - Colour: `--no-color` or a non-empty `NO_COLOR` (any value, per no-color.org; an
    ///   empty one is ignored) gives none; otherwise 256 colours from 256 up, 16 from 8 up.
    /// - Reduced motion: `--reduced-motion` or a truthy `PULPE_REDUCED_MOTION`.
    ///
    /// - Parameters:
    ///   - env: the process environment.
    ///   - codeset: `nl_langinfo(CODESET)` after `setlocale(LC_ALL, "")`.
    ///   - colors: terminfo `colors` (negative or zero when absent).
    ///   - flags: the command-line switches.
    public static func resolve(env: [String: String], codeset: String, colors: Int,
                               flags: CapabilityFlags = .none) -> Capabilities {
        let unicode = LocaleCodeset.isUTF8(codeset) && !flags.ascii && !isTruthy(env["PULPE_ASCII"])
        let noColor = flags.noColor || !(env["NO_COLOR"] ?? "").isEmpty
        let depth: ColorDepth = noColor ? .none : .forTerminal(colors: colors)
        let reduced = flags.reducedMotion || isTruthy(env["PULPE_REDUCED_MOTION"])
        return Capabilities(unicode: unicode, colorDepth: depth, reducedMotion: reduced)
    }

    /// `1`, `true`, `yes`, `on` (any case) are true; anything else, or unset, is false.
    static func isTruthy(_ value: String?) -> Bool {
        guard let v = value?.lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(v)
    }
}
