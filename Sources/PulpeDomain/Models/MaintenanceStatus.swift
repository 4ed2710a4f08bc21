import Foundation

/// `GET /maintenance/status` (§4, not enveloped): `{"maintenanceMode":bool,"message":string|null}`.
public struct MaintenanceStatus: Sendable, Hashable {
    public var maintenanceMode: Bool
    public var message: String?

    public init(maintenanceMode: Bool, message: String? = nil) {
        self.maintenanceMode = maintenanceMode
        self.message = message
    }

    /// What the backend answers while off.
    public static let off = MaintenanceStatus(maintenanceMode: false, message: nil)
    /// What the backend answers while on.
    public static let on = MaintenanceStatus(maintenanceMode: true, message: MiddlewareErrorBody.maintenanceMessage)
}

extension MaintenanceStatus: Codable {
    enum CodingKeys: String, CodingKey { case maintenanceMode, message }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        maintenanceMode = try c.decode(Bool.self, forKey: .maintenanceMode)
        message = try? c.decodeIfPresent(String.self, forKey: .message)
    }

    /// `message` is written as `null` when unset, like the backend.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(maintenanceMode, forKey: .maintenanceMode)
        try c.encodeOrNull(message, forKey: .message)
    }
}
