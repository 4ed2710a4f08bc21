import Foundation
import PulpeNetworking

/// Bytes as a server's answer through the socket transport's `HTTP1ResponseDecoder`, whole and cut
/// into pieces (decision 73): the pieces give the same head, body and end as the whole; a body
/// framed by `Content-Length` is exactly that long; nothing past the end is taken as body.
///
/// Input: the first byte sets the piece size (1…64), the rest is the answer.
enum HTTPResponseTarget {
    static let target = FuzzTarget(name: "http-response",
                                   feeds: "bytes as an HTTP/1.1 answer (`HTTP1ResponseDecoder`), fed whole and in pieces: same head, body and end",
                                   run: run)

    /// What a decoding gave: the head, the body's bytes, whether it ended, the bytes left after
    /// it, or the refusal.
    struct Reading: Equatable {
        var head: HTTP1ResponseDecoder.Head?
        var body: [UInt8] = []
        var ended = false
        var leftover = 0
        var refused = false
    }

    static func run(_ data: Data) throws(FuzzViolation) {
        guard let first = data.first else { return }
        let answer = Array(data.dropFirst())
        let whole = read(answer, pieces: max(answer.count, 1))
        let cut = read(answer, pieces: Int(first % 64) + 1)
        try check(whole.head == cut.head && whole.body == cut.body && whole.ended == cut.ended && whole.refused == cut.refused,
                  "whole and cut readings differ: \(whole) vs \(cut)")
        try check(whole.body.count + whole.leftover <= answer.count, "more body than input")
        if let head = whole.head, whole.ended, let length = head.contentLength {
            try check(whole.body.count == length, "a body of \(whole.body.count) bytes for Content-Length \(length)")
        }
        if whole.ended { try check(whole.head != nil, "an end without a head") }
        if let head = whole.head {
            try check((100...999).contains(head.status) && !(100..<200).contains(head.status), "status \(head.status) reported")
        }
    }

    /// Decodes `answer` fed `size` bytes at a time, then the end of the stream.
    static func read(_ answer: [UInt8], pieces size: Int) -> Reading {
        var decoder = HTTP1ResponseDecoder()
        var reading = Reading()
        let sink: (HTTP1ResponseDecoder.Event) -> Void = { event in
            switch event {
            case let .head(head): reading.head = head
            case let .body(bytes): reading.body += bytes
            case .end: reading.ended = true
            }
        }
        do {
            var start = 0
            while start < answer.count, !reading.ended {
                let end = min(start + size, answer.count)
                let left = try answer[start..<end].withUnsafeBytes { try decoder.feed($0, sink) }
                start = end
                if reading.ended { reading.leftover = left + (answer.count - end) }
            }
            if !reading.ended { try decoder.finish(sink) }
        } catch {
            reading.refused = true
        }
        return reading
    }
}
