import Foundation

/// A forward-only reader over the bytes of a JSON document, for the one shape too large for
/// `JSONDecoder`: a month's transactions (`BudgetDetailsWire`).
///
/// Why not `JSONDecoder`: it first maps the whole document (a few machine words per value) and
/// then walks that map through `Codable`'s containers. For a 100 000-row month that map outweighed
/// the body, and the walk took ~60 % of a refresh's CPU (decision 69, `perf`).
///
/// It reads strict JSON only, and any doubt (an exponent where a value is read, an escaped key,
/// invalid UTF-8, a lone surrogate, nesting deeper than `maxDepth`) throws `Unsupported`. The
/// caller then decodes the whole body with `JSONDecoder`, which gives the same values or the same
/// error: this reader never decides what a document means on its own.
struct JSONByteReader {
    /// Not read here; `JSONDecoder` decides.
    struct Unsupported: Error {}

    private let bytes: UnsafeRawBufferPointer
    private(set) var index = 0
    private static let maxDepth = 256

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    // MARK: Structure

    /// Reads `{`; true when a first member follows (the reader is then at its key).
    mutating func beginObject() throws -> Bool {
        try expect(UInt8(ascii: "{"))
        return !consume(UInt8(ascii: "}"))
    }

    /// Reads a member's key and its `:`: the key's bytes, which are never escaped here.
    mutating func key() throws -> Range<Int> {
        skipSpace()
        let range = try rawString()
        try expect(UInt8(ascii: ":"))
        skipSpace()
        return range
    }

    /// After a member's value: true at `,` (another member follows), false at `}`.
    mutating func nextMember() throws -> Bool {
        if consume(UInt8(ascii: ",")) { return true }
        try expect(UInt8(ascii: "}"))
        return false
    }

    /// Reads `[`; true when a first element follows.
    mutating func beginArray() throws -> Bool {
        try expect(UInt8(ascii: "["))
        return !consume(UInt8(ascii: "]"))
    }

    /// After an element: true at `,`, false at `]`.
    mutating func nextElement() throws -> Bool {
        if consume(UInt8(ascii: ",")) { return true }
        try expect(UInt8(ascii: "]"))
        return false
    }

    /// Nothing but white space is left.
    mutating func end() throws {
        skipSpace()
        guard index == bytes.count else { throw Unsupported() }
    }

    /// Whether the key at `range` is `name`.
    func key(_ range: Range<Int>, is name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        return memcmp(bytes.baseAddress! + range.lowerBound, name.utf8Start, range.count) == 0
    }

    /// Whether the string at `range` (as `rawString` read it) is `text`, compared byte for byte.
    func bytes(_ range: Range<Int>, equal text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.count == range.count && (range.isEmpty || memcmp(bytes.baseAddress! + range.lowerBound, utf8.baseAddress!, range.count) == 0)
        }
    }

    /// Back to `index`, where the caller was before a read that gave up.
    mutating func rewind(to index: Int) {
        self.index = index
    }

    // MARK: Values

    /// `null`, consumed; false (nothing consumed) before any other value.
    mutating func null() -> Bool {
        skipSpace()
        guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n") else { return false }
        guard bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
              bytes[index + 3] == UInt8(ascii: "l") else { return false }
        index += 4
        return true
    }

    /// Whether a string comes next.
    mutating func atString() -> Bool {
        skipSpace()
        return index < bytes.count && bytes[index] == UInt8(ascii: "\"")
    }

    /// A string value, unescaped and checked as UTF-8.
    mutating func string() throws -> String {
        skipSpace()
        let start = index
        if let range = try? rawString() { return try text(range) }
        rewind(to: start)
        return try escapedString()
    }

    /// A string value without escapes: the range of its bytes (between the quotes). An escape
    /// throws, with the reader left inside the string: callers that accept escapes start over.
    mutating func rawString() throws -> Range<Int> {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            }
            // An escape, or a control character JSON forbids unescaped.
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { throw Unsupported() }
            index += 1
        }
        throw Unsupported()
    }

    /// The bytes at `range` as a `String`, when they are valid UTF-8.
    func text(_ range: Range<Int>) throws -> String {
        guard let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
            throw Unsupported()
        }
        return text
    }

    /// A number's text, when it is a plain decimal (`-?(0|[1-9][0-9]*)(.[0-9]+)?`, at most 30
    /// digits): the only form read here; an exponent or a longer number goes to `JSONDecoder`.
    mutating func plainNumber() throws -> String {
        skipSpace()
        let start = index
        _ = consumeByte(UInt8(ascii: "-"))
        let integer = digits()
        guard integer > 0, integer == 1 || bytes[index - integer] != UInt8(ascii: "0") else { throw Unsupported() }
        var fraction = 0
        if consumeByte(UInt8(ascii: ".")) {
            fraction = digits()
            guard fraction > 0 else { throw Unsupported() }
        }
        guard integer + fraction <= 30, !atByte(UInt8(ascii: "e")), !atByte(UInt8(ascii: "E")) else { throw Unsupported() }
        return try text(start..<index)
    }

    /// Steps over any one value, checking that it is well-formed JSON.
    mutating func skipValue(depth: Int = 0) throws {
        guard depth < Self.maxDepth else { throw Unsupported() }
        skipSpace()
        guard index < bytes.count else { throw Unsupported() }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            if try beginObject() {
                repeat {
                    skipSpace()
                    _ = try string()
                    try expect(UInt8(ascii: ":"))
                    try skipValue(depth: depth + 1)
                } while try nextMember()
            }
        case UInt8(ascii: "["):
            if try beginArray() {
                repeat { try skipValue(depth: depth + 1) } while try nextElement()
            }
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            try skipNumber()
        }
    }

    // MARK: Bytes

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard consume(byte) else { throw Unsupported() }
    }

    /// `byte` after white space, consumed.
    private mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        return consumeByte(byte)
    }

    private mutating func consumeByte(_ byte: UInt8) -> Bool {
        guard atByte(byte) else { return false }
        index += 1
        return true
    }

    private func atByte(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else {
            throw Unsupported()
        }
        index += count
    }

    /// Any JSON number (RFC 8259 §6), exponents included: an unread member's value.
    private mutating func skipNumber() throws {
        _ = consumeByte(UInt8(ascii: "-"))
        let integer = digits()
        guard integer > 0, integer == 1 || bytes[index - integer] != UInt8(ascii: "0") else { throw Unsupported() }
        if consumeByte(UInt8(ascii: ".")) { guard digits() > 0 else { throw Unsupported() } }
        if consumeByte(UInt8(ascii: "e")) || consumeByte(UInt8(ascii: "E")) {
            if !consumeByte(UInt8(ascii: "+")) { _ = consumeByte(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw Unsupported() }
        }
    }

    /// A string with escapes (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX` with
    /// surrogate pairs), rebuilt byte by byte and checked as UTF-8.
    private mutating func escapedString() throws -> String {
        try expect(UInt8(ascii: "\""))
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else { throw Unsupported() }
                return text
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw Unsupported() }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try escapedScalar())
                default: throw Unsupported()
                }
            case 0..<0x20:
                throw Unsupported()
            default:
                utf8.append(byte)
            }
        }
        throw Unsupported()
    }

    /// The scalar of `\uXXXX` (the reader just past `u`), a surrogate pair read whole, as UTF-8.
    private mutating func escapedScalar() throws -> [UInt8] {
        let first = try hex4()
        var value = first
        if (0xD800..<0xDC00).contains(first) {
            guard consumeByte(UInt8(ascii: "\\")), consumeByte(UInt8(ascii: "u")) else { throw Unsupported() }
            let second = try hex4()
            guard (0xDC00..<0xE000).contains(second) else { throw Unsupported() }
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw Unsupported() }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw Unsupported() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Unsupported()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
