import Foundation
import Hummingbird
import PulpeDomain

/// Builds JSON responses with the shared encoder (`PulpeJSON.encoder`: sorted keys, so bodies are
/// byte-stable — Hummingbird's default encoder is not) and the backend's content type.
enum JSONResponse {
    static let contentType = "application/json; charset=utf-8"

    /// Encodes `value`; an encoding failure (which a bug would cause, never user input) becomes a 500 body.
    static func encoded<T: Encodable>(_ value: T, status: Int = 200) -> Response {
        do {
            return raw(try PulpeJSON.encode(value), status: status)
        } catch {
            return raw(Data(#"{"success":false,"statusCode":500,"code":"ERR_INTERNAL_SERVER","message":"Internal server error"}"#.utf8),
                       status: 500)
        }
    }

    /// The encoded bytes of `value`, for a body kept and sent again (`EncodedResponseCache`).
    static func body<T: Encodable>(_ value: T) throws -> Data {
        try PulpeJSON.encode(value)
    }

    /// `{"success":true,"data":…}`.
    static func success<T: Encodable>(_ data: T, status: Int = 200, message: String? = nil) -> Response {
        encoded(SuccessEnvelope(data: data, message: message), status: status)
    }

    /// Bytes sent exactly as given.
    static func raw(_ bytes: Data, status: Int) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(status: HTTPResponse.Status(code: status), headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// An empty answer (validate-key's 204).
    static func empty(status: Int) -> Response {
        Response(status: HTTPResponse.Status(code: status))
    }
}
