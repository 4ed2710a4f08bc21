import Foundation
import Hummingbird
import PulpeCrypto

/// What Express gives every answer of the real backend (issue 61): `app.use(compression())` gzips a
/// body of 1 KiB or more when the request accepts gzip (`Vary: Accept-Encoding`), and `res.send`
/// sets a weak ETag over the uncompressed body and answers a GET whose `If-None-Match` names it
/// with 304 and no body. The ETag has Express's form, `W/"<length in hex>-<27 characters>"`, with a
/// SHA-256 in place of its SHA-1: clients treat it as opaque. The export's body carries its
/// `exportDate` (the real mapper's `new Date()`), so its ETag changes at every call, as the real one.
struct CompressionMiddleware: RouterMiddleware {
    typealias Context = SandboxContext
    let switches: RuntimeSwitches
    /// Express's `compression` threshold.
    static let threshold = 1024

    func handle(_ request: Request, context: SandboxContext,
                next: (Request, SandboxContext) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard (200..<300).contains(response.status.code), response.status.code != 204 else { return response }
        let body = try await Self.collect(response.body)
        guard !body.isEmpty else { return response }
        let tag = Self.etag(body)
        response.headers[.eTag] = tag
        if request.method == .get || request.method == .head,
           let asked = request.headers[.ifNoneMatch], Self.matches(asked, tag) {
            var headers = response.headers
            headers[.contentLength] = nil
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        let accepts = request.headers[values: .acceptEncoding].joined(separator: ",").lowercased().contains("gzip")
        response.headers[.vary] = "Accept-Encoding"
        if accepts, switches.compresses, body.count >= Self.threshold, let zipped = Gzip.compress(body) {
            response.headers[.contentEncoding] = "gzip"
            response.headers[.contentLength] = "\(zipped.count)"
            response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: zipped))
        } else {
            response.headers[.contentLength] = "\(body.count)"
            response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        }
        return response
    }

    /// `W/"<length in hex>-<first 27 of the SHA-256 in hex>"`.
    static func etag(_ body: [UInt8]) -> String {
        let digest = KeyDerivation.sha256Hex(body) ?? ""
        return "W/\"\(String(body.count, radix: 16))-\(digest.prefix(27))\""
    }

    /// `If-None-Match`: `*`, or a list of tags compared weakly (`W/` aside), as Express's `fresh`.
    static func matches(_ header: String, _ tag: String) -> Bool {
        let bare = { (text: Substring) in text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "W/", with: "") }
        if header.trimmingCharacters(in: .whitespaces) == "*" { return true }
        return header.split(separator: ",").contains { bare($0) == bare(Substring(tag)) }
    }

    /// The whole body as bytes.
    static func collect(_ body: ResponseBody) async throws -> [UInt8] {
        let collector = BodyCollector()
        try await body.write(collector)
        return collector.bytes
    }
}

/// Keeps what a response body writes.
private final class BodyCollector: ResponseBodyWriter {
    var bytes: [UInt8] = []

    func write(_ buffer: ByteBuffer) async throws { bytes.append(contentsOf: buffer.readableBytesView) }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
