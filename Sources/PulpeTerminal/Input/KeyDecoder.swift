/// Turns one `wget_wch` result into a key.
///
/// Pure, so the whole mapping (which bytes mean Enter, Backspace, Ctrl-letters…) is
/// covered by a unit-test table without a terminal.
public enum KeyDecoder {
    /// What one `wget_wch` result means.
    public enum Decoded: Hashable, Sendable {
        case key(Key)
        /// `KEY_RESIZE`: ncurses resized its screen; ask for the new size.
        case resize
        /// `KEY_MOUSE`: call `getmouse` to read the event.
        case mouse
        /// Nothing the app uses (NUL, unknown function keys, stray C1 controls).
        case ignored
    }

    /// Decodes a `wget_wch` result.
    ///
    /// - Parameters:
    ///   - isFunctionKey: true when `wget_wch` returned `KEY_CODE_YES` (the code is a
    ///     `KEY_*` constant), false when it returned `OK` (the code is a character).
    ///   - code: the `wint_t` it stored.
    ///   - constants: the ncurses `KEY_*` values.
    public static func decode(isFunctionKey: Bool, code: UInt32, constants k: NcursesKeyCodes = .ncurses6) -> Decoded {
        isFunctionKey ? decodeFunctionKey(code, k) : decodeCharacter(code)
    }

    private static func decodeFunctionKey(_ code: UInt32, _ k: NcursesKeyCodes) -> Decoded {
        switch code {
        case k.up: return .key(.up)
        case k.down: return .key(.down)
        case k.left: return .key(.left)
        case k.right: return .key(.right)
        case k.home: return .key(.home)
        case k.end: return .key(.end)
        case k.pageUp: return .key(.pageUp)
        case k.pageDown: return .key(.pageDown)
        case k.enter: return .key(.enter)
        case k.backspace: return .key(.backspace)
        case k.delete: return .key(.delete)
        case k.backTab: return .key(.backTab)
        case k.resize: return .resize
        case k.mouse: return .mouse
        case (k.f0 + 1)...(k.f0 + 63): return .key(.function(Int(code - k.f0)))
        default: return .ignored
        }
    }

    private static func decodeCharacter(_ code: UInt32) -> Decoded {
        switch code {
        case 10, 13: return .key(.enter)                 // LF (nl mode) or CR (nonl mode)
        case 9: return .key(.tab)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)             // ^H or DEL, depending on the terminal
        case 1...26:                                     // Ctrl-A … Ctrl-Z
            return .key(.ctrl(Character(Unicode.Scalar(UInt8(code) + 0x60))))
        case 0, 28...31, 0x80...0x9F: return .ignored    // Ctrl-@, Ctrl-\ … Ctrl-_, C1 controls
        default:
            guard let scalar = Unicode.Scalar(code) else { return .ignored }
            return .key(.char(Character(scalar)))
        }
    }
}
