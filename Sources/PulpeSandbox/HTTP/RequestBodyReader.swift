import Foundation
import Hummingbird
import PulpeDomain

/// Reads a request body under a size limit and parses it as a JSON object.
enum RequestBodyReader {
    /// The bytes of the body; `APIError.payloadTooLarge` (413) past `limit`, decided from
    /// `Content-Length` when present, without reading the rest.
    static func bytes(of request: Request, limit: Int) async throws -> Data {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw APIError.payloadTooLarge
        }
        var data = Data()
        for try await chunk in request.body {
            guard data.count + chunk.readableBytes <= limit else { throw APIError.payloadTooLarge }
            data.append(contentsOf: chunk.readableBytesView)
        }
        return data
    }

    /// The body as a JSON object. An empty body reads as `{}` (Express does the same), so the
    /// schema reports the missing members; malformed JSON is a framework 400; JSON that is not an
    /// object is a schema error.
    static func object(of request: Request, limit: Int) async throws -> [String: JSONValue] {
        let data = try await bytes(of: request, limit: limit)
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw APIError.badJSON
        }
        guard case .object(let object) = value else {
            throw APIError.validation([.invalidType(expected: "object", received: value, path: [])])
        }
        return object
    }
}
