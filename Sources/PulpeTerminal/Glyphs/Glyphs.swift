/// The glyph set for the terminal at hand: Unicode when the locale is UTF-8, ASCII otherwise.
///
/// Views take every non-letter symbol (borders, bars, spinners, bullets, arrows) from here
/// instead of hard-coding it, so the ASCII fallback (`LANG=C`, `--ascii`, `PULPE_ASCII=1`)
/// never prints mojibake. Text that may contain French typography goes through `text(_:)`.
public struct Glyphs: Hashable, Sendable {
    /// True for the Unicode set.
    public let isUnicode: Bool
    /// Light box pieces.
    public let lightBox: BoxGlyphs
    /// Heavy box pieces (same as light in ASCII).
    public let heavyBox: BoxGlyphs
    /// Rounded box pieces (same as light in ASCII).
    public let roundedBox: BoxGlyphs
    /// Bar blocks from full to one eighth (`█▉▊▋▌▍▎▏`); ASCII has only the full block `#`.
    public let barBlocks: [String]
    /// Skeleton placeholder shade (`░` / `.`).
    public let shade: String
    /// Ellipsis for truncated text (`…` / `...`).
    public let ellipsis: String
    /// List bullet (`•` / `*`).
    public let bullet: String
    /// Separator dot between inline items (`·` / `.`).
    public let dot: String
    /// Spinner animation frames (braille / `|/-\`). With reduced motion, show frame 0 only.
    public let spinnerFrames: [String]
    public let arrowUp: String
    public let arrowDown: String
    public let arrowLeft: String
    public let arrowRight: String
    /// Done / pointé mark (`✓` / `x`).
    public let check: String
    /// One masked digit of a PIN or password (`•` / `*`).
    public let maskedDigit: String

    public static let unicode = Glyphs(
        isUnicode: true, lightBox: .light, heavyBox: .heavy, roundedBox: .rounded,
        barBlocks: ["█", "▉", "▊", "▋", "▌", "▍", "▎", "▏"], shade: "░", ellipsis: "…",
        bullet: "•", dot: "·", spinnerFrames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
        arrowUp: "↑", arrowDown: "↓", arrowLeft: "←", arrowRight: "→", check: "✓", maskedDigit: "•")

    public static let ascii = Glyphs(
        isUnicode: false, lightBox: .ascii, heavyBox: .ascii, roundedBox: .ascii,
        barBlocks: ["#"], shade: ".", ellipsis: "...",
        bullet: "*", dot: ".", spinnerFrames: ["|", "/", "-", "\\"],
        arrowUp: "^", arrowDown: "v", arrowLeft: "<", arrowRight: ">", check: "x", maskedDigit: "*")

    /// The set matching the resolved capabilities.
    public static func forCapabilities(_ capabilities: Capabilities) -> Glyphs {
        capabilities.unicode ? .unicode : .ascii
    }

    /// Shorthand for `lightBox.horizontal`: rules under headers and between sections.
    public var horizontal: String { lightBox.horizontal }
    /// Shorthand for `lightBox.vertical`: separators between side-by-side panes.
    public var vertical: String { lightBox.vertical }

    /// The box pieces for `line`.
    public func box(_ line: BoxLine) -> BoxGlyphs {
        switch line {
        case .light: lightBox
        case .heavy: heavyBox
        case .rounded: roundedBox
        }
    }

    /// `text` ready for this glyph set: unchanged in Unicode, `Glyphs.sanitize`d in ASCII.
    public func text(_ text: String) -> String {
        isUnicode ? text : Glyphs.sanitize(text)
    }

    /// The spinner frame for animation step `step` (wraps around).
    public func spinnerFrame(_ step: Int) -> String {
        spinnerFrames[((step % spinnerFrames.count) + spinnerFrames.count) % spinnerFrames.count]
    }

    /// A horizontal bar exactly `width` cells wide, filled to `fraction` (clamped to 0…1).
    ///
    /// Unicode uses eighth blocks for the partial cell; ASCII rounds to whole cells. The
    /// unfilled part is `empty` repeated (a space by default; pass `shade` for a track).
    public func bar(fraction: Double, width: Int, empty: String = " ") -> String {
        guard width > 0 else { return "" }
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        let steps = barBlocks.count                     // sub-cell resolution: 8 or 1
        let units = Int((f * Double(width * steps)).rounded())
        let full = units / steps
        let rest = units % steps
        var s = String(repeating: barBlocks[0], count: full)
        var used = full
        if rest > 0, used < width {
            s += barBlocks[steps - rest]                // barBlocks[7] is one eighth
            used += 1
        }
        return s + String(repeating: empty, count: width - used)
    }
}
