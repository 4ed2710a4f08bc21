import Foundation
@testable import PulpeNetworking
import Testing

/// The socket transport's reading of an answer, byte for byte: framing, interim answers, whether
/// the connection can carry another request, and what is refused.
@Suite("HTTP/1.1 answers decoded")
struct HTTP1ResponseDecoderTests {
    struct Reading {
        var head: HTTP1ResponseDecoder.Head?
        var body = ""
        var ended = false
        var leftover = 0
    }

    /// Feeds `text` `size` bytes at a time, then (unless it ended) the end of the stream.
    static func read(_ text: String, pieces size: Int = .max, close: Bool = true) throws -> Reading {
        var decoder = HTTP1ResponseDecoder()
        var reading = Reading()
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count, !reading.ended {
            let end = min(start + max(size, 1), bytes.count)
            let left = try bytes[start..<end].withUnsafeBytes { chunk in
                try decoder.feed(chunk) { event in
                    switch event {
                    case let .head(head): reading.head = head
                    case let .body(body): reading.body += String(decoding: body, as: UTF8.self)
                    case .end: reading.ended = true
                    }
                }
            }
            if reading.ended { reading.leftover = left + bytes.count - end }
            start = end
        }
        if close, !reading.ended {
            try decoder.finish { if case .end = $0 { reading.ended = true } }
        }
        return reading
    }

    @Test("Content-Length frames the body; what follows it is left over, in any piece size")
    func contentLength() throws {
        for size in [1, 2, 7, 1000] {
            let reading = try Self.read("HTTP/1.1 201 Created\r\nContent-Length: 5\r\nX-A: 1\r\nx-a: 2\r\n\r\nhelloNEXT", pieces: size)
            #expect(reading.head?.status == 201)
            #expect(reading.head?.headers["X-A"] == "1, 2")
            #expect(reading.head?.keepsConnection == true)
            #expect(reading.body == "hello")
            #expect(reading.leftover == 4, "pieces of \(size)")
        }
    }

    @Test("Chunks with extensions and trailers, cut anywhere, give the body")
    func chunked() throws {
        let answer = "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
            + "6;name=x\r\n{\"a\":1\r\n" + "7\r\n,\"b\":22\r\n" + "1\r\n}\r\n" + "0\r\nX-Trailer: y\r\n\r\n"
        for size in 1...9 {
            let reading = try Self.read(answer, pieces: size, close: false)
            #expect(reading.body == #"{"a":1,"b":22}"#)
            #expect(reading.ended)
            #expect(reading.head?.keepsConnection == true)
        }
    }

    @Test("Interim answers are skipped; 204 and 304 have no body, whatever their Content-Length")
    func noBody() throws {
        let skipped = try Self.read("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n", close: false)
        #expect(skipped.head?.status == 204)
        #expect(skipped.ended)
        let notModified = try Self.read("HTTP/1.1 304 Not Modified\r\nContent-Length: 120\r\n\r\n", close: false)
        #expect(notModified.ended)
        #expect(notModified.head?.contentLength == nil)
    }

    @Test("No length: the body runs to the close, and the connection cannot be kept")
    func untilClose() throws {
        let open = try Self.read("HTTP/1.1 200 OK\r\n\r\nstill coming", close: false)
        #expect(!open.ended)
        let closed = try Self.read("HTTP/1.1 200 OK\r\n\r\nall of it")
        #expect(closed.ended)
        #expect(closed.body == "all of it")
        #expect(closed.head?.keepsConnection == false)
    }

    @Test("Connection: close and HTTP/1.0 end the connection after the answer; bare LFs are read")
    func connectionKept() throws {
        #expect(try Self.read("HTTP/1.1 200 OK\r\nConnection: Close\r\nContent-Length: 0\r\n\r\n").head?.keepsConnection == false)
        #expect(try Self.read("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n").head?.keepsConnection == false)
        #expect(try Self.read("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n").head?.keepsConnection == true)
        let both = try Self.read("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n")
        #expect(both.body == "ab")
        #expect(both.head?.keepsConnection == false)
        let bare = try Self.read("HTTP/1.1 503 Service Unavailable\nRetry-After: 120\nContent-Length: 2\n\n{}")
        #expect(bare.head?.headers["retry-after"] == "120")
        #expect(bare.body == "{}")
    }

    @Test("Refused: not HTTP, a cut body, lengths that disagree, a chunk longer than its size, a huge head",
          arguments: [
              "SSH-2.0-OpenSSH_9.6\r\n\r\n",
              "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort",
              "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
              "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
              "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
              "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
              "HTTP/1.1 101 Switching Protocols\r\n\r\n",
              "HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n",
              "HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 70_000) + "\r\n\r\n",
              "HTTP/1.1 200 OK\r\n" + (0...HTTP1ResponseDecoder.maxFields).map { "a\($0): x\r\n" }.joined() + "\r\n",
          ])
    func refused(answer: String) {
        #expect(throws: HTTP1ResponseDecoder.Malformed.self) { try Self.read(answer) }
    }
}
