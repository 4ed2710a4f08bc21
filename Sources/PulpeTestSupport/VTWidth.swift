import Glibc

/// Terminal column width of a Unicode scalar: 0 (combining), 1, or 2 (East-Asian wide, emoji).
///
/// ncurses positions text with the C library's `wcwidth`, so the screen model must use the very same
/// table or every cell after a wide character would be off by one. `wcwidth` is not importable into Swift
/// (it needs `_XOPEN_SOURCE`), hence the `dlsym`; it is evaluated in a private C.UTF-8 locale through
/// `uselocale`, which is per-thread, so parallel tests do not disturb each other or the global locale.
public enum VTWidth {
    private typealias WcwidthFunction = @convention(c) (Int32) -> Int32

    private struct LibC: @unchecked Sendable { // Immutable after creation; the C function is reentrant.
        let wcwidth: WcwidthFunction
        let locale: locale_t
    }

    private static let libc: LibC? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "wcwidth"),
              let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else { return nil }
        return LibC(wcwidth: unsafeBitCast(symbol, to: WcwidthFunction.self), locale: locale)
    }()

    /// Columns taken by `scalar` once printed. Unknown or non-printable scalars count as 1 (what xterm shows).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7f { return v >= 0x20 ? 1 : 0 }
        guard let libc else { return fallback(scalar) }
        let previous = uselocale(libc.locale)
        defer { uselocale(previous) }
        let w = libc.wcwidth(Int32(bitPattern: v))
        return w < 0 ? 1 : Int(w)
    }

    /// Columns taken by a string (sum over its scalars), e.g. to place a caret under a column.
    public static func of(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// Approximation for systems without a C.UTF-8 locale.
    private static func fallback(_ s: Unicode.Scalar) -> Int {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if s.properties.isEmojiPresentation { return 2 }
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
