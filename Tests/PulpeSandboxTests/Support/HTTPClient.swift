import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PulpeDomain

/// A tiny URLSession client bound to one server origin (real HTTP on loopback, as a client would talk).
struct HTTPClient: Sendable {
    let origin: URL
    private let session: URLSession

    init(origin: URL) {
        self.origin = origin
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 20
        session = URLSession(configuration: configuration)
    }

    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil) async throws -> HTTPResult {
        var request = URLRequest(url: URL(string: origin.absoluteString + path)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = body
            if headers["Content-Type"] == nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { fields[key] = value }
        }
        return HTTPResult(status: http.statusCode, headers: fields, body: data)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPResult {
        try await send("GET", path, headers: headers)
    }

    func post(_ path: String, json: String, headers: [String: String] = [:]) async throws -> HTTPResult {
        try await send("POST", path, headers: headers, body: Data(json.utf8))
    }

    func post(_ path: String, object: [String: Any], headers: [String: String] = [:]) async throws -> HTTPResult {
        try await send("POST", path, headers: headers, body: try JSONSerialization.data(withJSONObject: object))
    }

    func patch(_ path: String, object: [String: Any], headers: [String: String] = [:]) async throws -> HTTPResult {
        try await send("PATCH", path, headers: headers, body: try JSONSerialization.data(withJSONObject: object))
    }

    func delete(_ path: String, headers: [String: String] = [:]) async throws -> HTTPResult {
        try await send("DELETE", path, headers: headers)
    }
}
