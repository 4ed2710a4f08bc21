/// Byte-level state machine of `MiniVT`: control characters, UTF-8 decoding and escape-sequence framing.
/// The meaning of complete sequences lives in `MiniVT+Escape.swift` and `MiniVT+Print.swift`.
extension MiniVT {
    enum ParserMode: Sendable {
        case ground
        case escape
        /// `ESC (`, `ESC )`... : the next byte designates a character set for G0/G1 (or is skipped).
        case designate(UInt8)
        case csi
        /// OSC, DCS, APC, PM, SOS: a string terminated by BEL or `ESC \`.
        case string(isOSC: Bool)
        case stringEscape(isOSC: Bool)
    }

    struct ParserState: Sendable {
        var mode = ParserMode.ground
        var csiBytes: [UInt8] = []
        var stringBytes: [UInt8] = []
        var utf8: [UInt8] = []
        var utf8Needed = 0
    }

    mutating func step(_ b: UInt8) {
        switch parser.mode {
        case .ground:
            ground(b)
        case .escape:
            parser.mode = .ground
            escape(b)
        case .designate(let which):
            parser.mode = .ground
            designate(which, b)
        case .csi:
            if b >= 0x40 && b <= 0x7e {
                parser.mode = .ground
                csi(final: b, bytes: parser.csiBytes)
            } else if b == 0x1b {
                parser.mode = .escape // aborted sequence
            } else if b == 0x18 || b == 0x1a {
                parser.mode = .ground // CAN / SUB cancel
            } else if b >= 0x20 {
                parser.csiBytes.append(b)
            } else {
                control(b) // C0 controls are executed even inside a CSI
            }
        case .string(let isOSC):
            if b == 0x07 {
                parser.mode = .ground
                if isOSC { osc(parser.stringBytes) }
            } else if b == 0x1b {
                parser.mode = .stringEscape(isOSC: isOSC)
            } else if parser.stringBytes.count < 4096 {
                parser.stringBytes.append(b)
            }
        case .stringEscape(let isOSC):
            parser.mode = .ground
            if isOSC { osc(parser.stringBytes) }
            if b != UInt8(ascii: "\\") { step(b) }
        }
    }

    private mutating func ground(_ b: UInt8) {
        if parser.utf8Needed > 0 {
            if b & 0xc0 == 0x80 {
                parser.utf8.append(b)
                parser.utf8Needed -= 1
                if parser.utf8Needed == 0 { decodeUTF8() }
                return
            }
            parser.utf8Needed = 0 // truncated sequence: show a replacement, then handle this byte
            printScalar("\u{FFFD}")
        }
        switch b {
        case 0x1b: parser.mode = .escape
        case 0..<0x20, 0x7f: control(b)
        case 0x20..<0x7f: printScalar(Unicode.Scalar(b))
        case 0xc2..<0xe0: parser.utf8 = [b]; parser.utf8Needed = 1
        case 0xe0..<0xf0: parser.utf8 = [b]; parser.utf8Needed = 2
        case 0xf0..<0xf5: parser.utf8 = [b]; parser.utf8Needed = 3
        default: printScalar("\u{FFFD}")
        }
    }

    private mutating func decodeUTF8() {
        let scalars = String(decoding: parser.utf8, as: UTF8.self).unicodeScalars
        for s in scalars { printScalar(s) }
        parser.utf8 = []
    }

    mutating func control(_ b: UInt8) {
        switch b {
        case 0x0d: cursorCol = 0; pendingWrap = false
        case 0x0a, 0x0b, 0x0c: lineFeed()
        case 0x08:
            if pendingWrap { pendingWrap = false } else { cursorCol = max(0, cursorCol - 1) }
        case 0x09:
            cursorCol = min(cols - 1, (cursorCol / 8 + 1) * 8)
            pendingWrap = false
        case 0x0e: shiftedOut = true
        case 0x0f: shiftedOut = false
        default: break // BEL, NUL, ...
        }
    }

    private mutating func escape(_ b: UInt8) {
        switch b {
        case UInt8(ascii: "["):
            parser.csiBytes = []
            parser.mode = .csi
        case UInt8(ascii: "]"):
            parser.stringBytes = []
            parser.mode = .string(isOSC: true)
        case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            parser.stringBytes = []
            parser.mode = .string(isOSC: false)
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: " "):
            parser.mode = .designate(b)
        default:
            escapeFinal(b)
        }
    }

    private mutating func designate(_ which: UInt8, _ b: UInt8) {
        let special = b == UInt8(ascii: "0")
        switch which {
        case UInt8(ascii: "("): charsets.g0 = special
        case UInt8(ascii: ")"): charsets.g1 = special
        default: break // G2/G3, DECALN (#8), charset selection (%G): not used by ncurses here
        }
    }

    private mutating func osc(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("0;") || text.hasPrefix("2;") { title = String(text.dropFirst(2)) }
    }
}
