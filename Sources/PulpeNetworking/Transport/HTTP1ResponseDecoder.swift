import Foundation

/// An HTTP/1.1 response read as its bytes arrive (RFC 9112): the head, then the body's bytes
/// unframed (`Content-Length`, chunked, or up to the close), then its end.
///
/// Pure and incremental, so the socket transport only moves bytes and the fuzz pass can throw
/// anything at it (decision 73). The body is handed on in slices of what was fed, never gathered
/// here: a 36 MB month passes through without a copy of its own. Interim answers (1xx) are skipped.
public struct HTTP1ResponseDecoder: Sendable {
    /// The status line and header fields, and how the body is framed.
    public struct Head: Sendable, Equatable {
        public var status: Int
        /// Repeated fields joined with ", " (RFC 9110 §5.3), in order.
        public var headers: HTTPHeaders
        /// `Content-Length` when the body is framed by it (never for 204, 304 or 1xx).
        public var contentLength: Int?
        /// Whether the connection may carry another request once this answer is read: HTTP/1.1
        /// without `Connection: close`, and a body that does not end with the connection.
        public var keepsConnection: Bool
    }

    /// The response is not HTTP/1.x, or breaks its framing: no answer can be trusted from it.
    public struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public enum Event {
        case head(Head)
        /// Some of the body's bytes, in order (a slice of what was fed: use it before the next feed).
        case body(UnsafeRawBufferPointer)
        /// The whole response was read.
        case end
    }

    private enum Framing: Sendable {
        case none
        case length(remaining: Int)
        case chunked
        case untilClose
    }

    private enum ChunkState: Sendable {
        /// Reading a chunk-size line (hex digits, maybe extensions) up to its LF.
        case size
        /// Inside a chunk's data.
        case data(remaining: Int)
        /// The CRLF after a chunk's data (or a bare LF).
        case dataEnd
        /// The CR of that CRLF came: the LF must follow.
        case dataEndLF
        /// Trailer lines after the last chunk, up to an empty line.
        case trailers
    }

    private enum Stage: Sendable {
        case head
        case body(Framing)
        case done
    }

    /// The largest head accepted (status line and fields), and the longest chunk-size or trailer line.
    public static let maxHeadBytes = 64 << 10
    static let maxLineBytes = 4 << 10
    /// The most header fields (or folded lines) accepted in one head.
    public static let maxFields = 256

    private var stage: Stage = .head
    private var chunk: ChunkState = .size
    /// Head bytes (or a chunk line) not complete yet.
    private var pending: [UInt8] = []
    /// The trailer line being read is empty so far.
    private var trailerLineEmpty = true

    public init() {}

    /// Whether the response was read to its end.
    public var isComplete: Bool {
        if case .done = stage { return true }
        return false
    }

    /// Reads `bytes` and reports what they complete. Bytes after the end of the response are left
    /// unread and returned as a count (a server that sends them cannot keep the connection).
    @discardableResult
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ sink: (Event) throws -> Void) throws -> Int {
        var rest = bytes
        while !rest.isEmpty {
            switch stage {
            case .done:
                return rest.count
            case .head:
                rest = try readHead(rest, sink)
            case let .body(framing):
                rest = try readBody(rest, framing, sink)
            }
        }
        return 0
    }

    /// The connection closed: ends a body that runs to the close, and refuses any other cut.
    public mutating func finish(_ sink: (Event) throws -> Void) throws {
        switch stage {
        case .done:
            return
        case .body(.untilClose):
            stage = .done
            try sink(.end)
        case .head:
            throw Malformed(pending.isEmpty ? "the connection closed before any answer" : "the connection closed within the answer's head")
        case .body:
            throw Malformed("the connection closed before the answer's body was complete")
        }
    }

    // MARK: - Head

    private mutating func readHead(_ bytes: UnsafeRawBufferPointer, _ sink: (Event) throws -> Void) throws
        -> UnsafeRawBufferPointer {
        // The head ends at the first empty line; look from a little before what was already held.
        let start = pending.count
        pending.append(contentsOf: bytes)
        guard let end = Self.endOfHead(pending, from: max(0, start - 3)) else {
            if pending.count > Self.maxHeadBytes { throw Malformed("the answer's head is over \(Self.maxHeadBytes) bytes") }
            if let first = pending.first, first != UInt8(ascii: "H") { throw Malformed("not an HTTP answer") }
            return UnsafeRawBufferPointer(rebasing: bytes[bytes.endIndex...])
        }
        // However the bytes came: a head over the limit is refused even when its end came with it.
        guard end <= Self.maxHeadBytes else { throw Malformed("the answer's head is over \(Self.maxHeadBytes) bytes") }
        let head = try Self.parseHead(pending[..<end])
        let used = end - start  // bytes of this feed that belong to the head
        pending = []
        if (100..<200).contains(head.status) {
            // 101 would switch protocols, which this client never asks for.
            if head.status == 101 { throw Malformed("an unrequested protocol switch (101)") }
            stage = .head
        } else {
            try sink(.head(head.head))
            stage = .body(head.framing)
            if case .none = head.framing {
                stage = .done
                try sink(.end)
            } else if case .length(0) = head.framing {
                stage = .done
                try sink(.end)
            }
        }
        return UnsafeRawBufferPointer(rebasing: bytes[(bytes.startIndex + used)...])
    }

    /// The index just past the empty line ending the head (CRLF CRLF, or bare LFs), if it is there.
    static func endOfHead(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        while index < bytes.count {
            if bytes[index] == lf {
                if index + 1 < bytes.count, bytes[index + 1] == lf { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == cr, bytes[index + 2] == lf { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    private struct ParsedHead {
        var head: Head
        var status: Int { head.status }
        var framing: Framing
    }

    private static func parseHead(_ bytes: ArraySlice<UInt8>) throws -> ParsedHead {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let statusLine = lines.first else { throw Malformed("an empty answer head") }
        let (minor, status) = try parseStatusLine(statusLine)

        // A real answer has a few dozen fields; thousands of tiny ones would cost quadratic time
        // in `HTTPHeaders` (each field compared with every one before it).
        guard lines.count <= Self.maxFields + 1 else { throw Malformed("an answer head with over \(Self.maxFields) fields") }
        var headers = HTTPHeaders()
        var lastName: String?
        for line in lines.dropFirst() {
            if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                // An obsolete folded line continues the previous field (RFC 9112 §5.2).
                guard let name = lastName, let value = headers[name] else { throw Malformed("a folded line with no field before it") }
                headers[name] = value + " " + trimmed(line)
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                throw Malformed("a header line without a name")
            }
            let nameBytes = line[..<colon]
            guard nameBytes.allSatisfy(isTokenByte) else { throw Malformed("a header name with a forbidden byte") }
            let name = String(decoding: nameBytes, as: UTF8.self)
            let value = trimmed(line[(colon + 1)...])
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            lastName = name
        }

        let connectionTokens = tokens(headers["connection"])
        var keeps = minor >= 1 ? !connectionTokens.contains("close") : connectionTokens.contains("keep-alive")
        var contentLength: Int?
        let framing: Framing
        if status == 204 || status == 304 || (100..<200).contains(status) {
            framing = .none
        } else if let encodings = headers["transfer-encoding"] {
            // Chunked must be the last coding; anything else runs to the close (RFC 9112 §6.3).
            if tokens(encodings).last == "chunked" {
                framing = .chunked
                // Both framings at once is how requests are smuggled (RFC 9112 §6.3): read this
                // answer by its chunks, but trust the connection with no other.
                if headers["content-length"] != nil { keeps = false }
            } else {
                framing = .untilClose
                keeps = false
            }
        } else if let lengthText = headers["content-length"] {
            // Repeated fields must agree ("12, 12" after joining).
            let values = Set(lengthText.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            guard values.count == 1, let text = values.first, !text.isEmpty, text.utf8.allSatisfy(isDigit),
                  text.utf8.count <= 18, let length = Int(text) else {
                throw Malformed("an invalid Content-Length")
            }
            contentLength = length
            framing = .length(remaining: length)
        } else {
            framing = .untilClose
            keeps = false
        }
        return ParsedHead(head: Head(status: status, headers: headers, contentLength: contentLength, keepsConnection: keeps),
                          framing: framing)
    }

    /// `HTTP/1.x NNN reason`: the minor version and the status.
    private static func parseStatusLine(_ line: ArraySlice<UInt8>) throws -> (Int, Int) {
        let bytes = Array(line)
        let prefix = Array("HTTP/1.".utf8)
        guard bytes.count >= 12, Array(bytes[0..<7]) == prefix, isDigit(bytes[7]), bytes[8] == UInt8(ascii: " "),
              bytes[9...11].allSatisfy(isDigit), bytes.count == 12 || bytes[12] == UInt8(ascii: " ") else {
            throw Malformed("not an HTTP/1 status line")
        }
        let status = bytes[9...11].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard status >= 100 else { throw Malformed("a status under 100") }
        return (Int(bytes[7] - UInt8(ascii: "0")), status)
    }

    // MARK: - Body

    private mutating func readBody(_ bytes: UnsafeRawBufferPointer, _ framing: Framing, _ sink: (Event) throws -> Void)
        throws -> UnsafeRawBufferPointer {
        switch framing {
        case .none:
            stage = .done
            try sink(.end)
            return bytes
        case .untilClose:
            try sink(.body(bytes))
            return UnsafeRawBufferPointer(rebasing: bytes[bytes.endIndex...])
        case let .length(remaining):
            let taken = min(remaining, bytes.count)
            try sink(.body(UnsafeRawBufferPointer(rebasing: bytes[bytes.startIndex..<(bytes.startIndex + taken)])))
            if taken == remaining {
                stage = .done
                try sink(.end)
            } else {
                stage = .body(.length(remaining: remaining - taken))
            }
            return UnsafeRawBufferPointer(rebasing: bytes[(bytes.startIndex + taken)...])
        case .chunked:
            return try readChunked(bytes, sink)
        }
    }

    private mutating func readChunked(_ bytes: UnsafeRawBufferPointer, _ sink: (Event) throws -> Void) throws
        -> UnsafeRawBufferPointer {
        var rest = bytes
        while !rest.isEmpty, !isComplete {
            switch chunk {
            case .size:
                guard let lf = rest.firstIndex(of: UInt8(ascii: "\n")) else {
                    pending.append(contentsOf: rest)
                    if pending.count > Self.maxLineBytes { throw Malformed("a chunk-size line over \(Self.maxLineBytes) bytes") }
                    return UnsafeRawBufferPointer(rebasing: rest[rest.endIndex...])
                }
                pending.append(contentsOf: rest[..<lf])
                rest = UnsafeRawBufferPointer(rebasing: rest[(lf + 1)...])
                let size = try Self.chunkSize(pending)
                pending = []
                chunk = size == 0 ? .trailers : .data(remaining: size)
                trailerLineEmpty = true
            case let .data(remaining):
                let taken = min(remaining, rest.count)
                try sink(.body(UnsafeRawBufferPointer(rebasing: rest[rest.startIndex..<(rest.startIndex + taken)])))
                rest = UnsafeRawBufferPointer(rebasing: rest[(rest.startIndex + taken)...])
                chunk = taken == remaining ? .dataEnd : .data(remaining: remaining - taken)
            case .dataEnd, .dataEndLF:
                let byte = rest[rest.startIndex]
                rest = UnsafeRawBufferPointer(rebasing: rest[(rest.startIndex + 1)...])
                if byte == UInt8(ascii: "\n") {
                    chunk = .size
                } else if byte == UInt8(ascii: "\r"), case .dataEnd = chunk {
                    chunk = .dataEndLF
                } else {
                    throw Malformed("a chunk longer than its size")
                }
            case .trailers:
                let byte = rest[rest.startIndex]
                rest = UnsafeRawBufferPointer(rebasing: rest[(rest.startIndex + 1)...])
                if byte == UInt8(ascii: "\n") {
                    if trailerLineEmpty {
                        stage = .done
                        try sink(.end)
                    }
                    trailerLineEmpty = true
                    pending = []
                } else if byte != UInt8(ascii: "\r") {
                    trailerLineEmpty = false
                    pending.append(byte)
                    if pending.count > Self.maxLineBytes { throw Malformed("a trailer line over \(Self.maxLineBytes) bytes") }
                }
            }
        }
        return rest
    }

    /// The hex size before any `;extension` (and the CR), e.g. `1a;x=y\r` is 26.
    static func chunkSize(_ line: [UInt8]) throws -> Int {
        var digits = line[...]
        if digits.last == UInt8(ascii: "\r") { digits = digits.dropLast() }
        if let semicolon = digits.firstIndex(of: UInt8(ascii: ";")) { digits = digits[..<semicolon] }
        while let last = digits.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.count <= 15 else { throw Malformed("an invalid chunk size") }
        var size = 0
        for byte in digits {
            guard let value = hexValue(byte) else { throw Malformed("an invalid chunk size") }
            size = size << 4 | value
        }
        return size
    }

    // MARK: - Bytes

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        var slice = bytes
        while let first = slice.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { slice = slice.dropFirst() }
        while let last = slice.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    /// A comma-separated list's tokens, lowercased.
    private static func tokens(_ value: String?) -> [String] {
        (value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }
}
