import Foundation
import Hummingbird
import PulpeDomain

/// The sandbox's own control routes under `/__sandbox` (not part of the Pulpe API): switch
/// maintenance, latency and fault injection while the server runs. Loopback peers only (403
/// otherwise); never affected by maintenance, latency or faults.
///
/// - `GET /__sandbox` → `{"maintenance","latencyMs","faults":{"rate","kinds"}}`
/// - `GET|POST /__sandbox/maintenance` `{"enabled":true}`
/// - `GET|POST /__sandbox/latency` `{"milliseconds":250}`, optionally `"pathPrefix":"/api/v1/budgets"`
///   to delay only those requests
/// - `GET|POST /__sandbox/faults` `{"rate":0.2,"kinds":["500","503","drop"]}` (kinds also
///   `created-500`, `created-drop`, `slow`; default `500,503,drop`)
/// - `GET /__sandbox/transactions?email=…` (see `AdminTransactionRoutes`)
/// - `GET /__sandbox/template-lines?email=…`, `/__sandbox/budget-lines?email=…` (see `AdminTemplateRoutes`)
/// - `POST /__sandbox/pin` `{"email","pin"}`: a PIN changed elsewhere (see `AdminPinRoutes`)
/// - `POST /__sandbox/users` `{"email","password","pin"}`: a second real account (see `AdminUserRoutes`)
struct AdminRoutes {
    let services: SandboxServices

    struct Maintenance: Codable { var enabled: Bool }
    struct Latency: Codable {
        var milliseconds: Int
        var pathPrefix: String?
    }
    struct State: Encodable {
        var maintenance: Bool
        var latencyMs: Int
        var faults: FaultSettings
    }

    func register(on router: Router<SandboxContext>) {
        let switches = services.switches
        let limit = services.maxBodyBytes

        router.get("/__sandbox") { _, context in
            try Self.requireLoopback(context)
            return JSONResponse.encoded(State(maintenance: switches.maintenance, latencyMs: switches.latencyMilliseconds,
                                              faults: switches.faults))
        }
        router.get("/__sandbox/maintenance") { _, context in
            try Self.requireLoopback(context)
            return JSONResponse.encoded(Maintenance(enabled: switches.maintenance))
        }
        router.post("/__sandbox/maintenance") { request, context in
            try Self.requireLoopback(context)
            var reader = BodyReader(try await RequestBodyReader.object(of: request, limit: limit), allowedKeys: ["enabled"])
            let enabled = reader.bool("enabled", required: true)
            guard reader.issues.isEmpty, let enabled = enabled.value else { throw APIError.validation(reader.issues) }
            switches.maintenance = enabled
            services.logger.notice("maintenance switched", metadata: ["enabled": .stringConvertible(enabled)])
            return JSONResponse.encoded(Maintenance(enabled: enabled))
        }
        router.post("/__sandbox/compression") { request, context in
            // `make bench` measures the bytes of a read with and without gzip.
            try Self.requireLoopback(context)
            var reader = BodyReader(try await RequestBodyReader.object(of: request, limit: limit), allowedKeys: ["enabled"])
            let enabled = reader.bool("enabled", required: true)
            guard reader.issues.isEmpty, let enabled = enabled.value else { throw APIError.validation(reader.issues) }
            switches.compresses = enabled
            return JSONResponse.encoded(Maintenance(enabled: enabled))
        }
        router.get("/__sandbox/latency") { _, context in
            try Self.requireLoopback(context)
            return JSONResponse.encoded(Latency(milliseconds: switches.latencyMilliseconds, pathPrefix: switches.latencyPathPrefix))
        }
        router.post("/__sandbox/latency") { request, context in
            try Self.requireLoopback(context)
            var reader = BodyReader(try await RequestBodyReader.object(of: request, limit: limit),
                                    allowedKeys: ["milliseconds", "pathPrefix"])
            let milliseconds = reader.integer("milliseconds", required: true, range: 0...60_000)
            let prefix = reader.string("pathPrefix", required: false, nullable: true, maxLength: 200)
            guard reader.issues.isEmpty, let milliseconds = milliseconds.value else { throw APIError.validation(reader.issues) }
            switches.latencyMilliseconds = milliseconds
            switches.latencyPathPrefix = prefix.value
            return JSONResponse.encoded(Latency(milliseconds: milliseconds, pathPrefix: prefix.value))
        }
        router.get("/__sandbox/faults") { _, context in
            try Self.requireLoopback(context)
            return JSONResponse.encoded(switches.faults)
        }
        router.post("/__sandbox/faults") { request, context in
            try Self.requireLoopback(context)
            let faults = try Self.faults(from: try await RequestBodyReader.object(of: request, limit: limit))
            switches.faults = faults
            return JSONResponse.encoded(faults)
        }
    }

    static func requireLoopback(_ context: SandboxContext) throws {
        guard context.peerIsLoopback else { throw APIError.adminForbidden }
    }

    static func faults(from object: [String: JSONValue]) throws -> FaultSettings {
        var reader = BodyReader(object, allowedKeys: ["rate", "kinds"])
        let rate = reader.number("rate", required: true)
        var kinds = FaultKind.defaultKinds
        if let raw = object["kinds"] {
            let names = raw.arrayValue?.compactMap(\.stringValue) ?? []
            if let parsed = FaultKind.parseList(names.joined(separator: ",")), names.count == raw.arrayValue?.count {
                kinds = parsed
            } else {
                reader.fail(.invalidValue(options: FaultKind.allCases.map(\.rawValue), path: ["kinds"]))
            }
        }
        guard reader.issues.isEmpty, let rate = rate.value else { throw APIError.validation(reader.issues) }
        let settings = FaultSettings(rate: NSDecimalNumber(decimal: rate).doubleValue, kinds: kinds)
        guard settings.isValid else {
            throw APIError.validation([.custom("rate must be within 0…1 and kinds non-empty", path: ["rate"])])
        }
        return settings
    }
}
