import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PulpeDomain

/// One HTTP exchange as the tests see it.
struct HTTPResult: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object (empty when it is not one).
    var object: [String: JSONValue] { PulpeJSON.object(from: body) ?? [:] }

    /// `code` of an error body.
    var code: String? { object["code"]?.stringValue }

    /// `data` of a success envelope.
    var data: JSONValue? { object["data"] }

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try PulpeJSON.decode(type, from: body)
    }
}
