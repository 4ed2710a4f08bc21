import Foundation

/// `{"success":true,"data":…}` — the backend's success envelope (§2).
///
/// `message` is present on a few routes (e.g. the demo session) and absent elsewhere.
public struct SuccessEnvelope<T> {
    /// Always `true` on a success.
    public var success: Bool
    /// The payload.
    public var data: T
    /// An optional human message some routes add next to `data`.
    public var message: String?

    public init(data: T, message: String? = nil, success: Bool = true) {
        self.success = success
        self.data = data
        self.message = message
    }
}

extension SuccessEnvelope: Sendable where T: Sendable {}
extension SuccessEnvelope: Equatable where T: Equatable {}

private enum SuccessEnvelopeKeys: String, CodingKey { case success, data, message }

extension SuccessEnvelope: Decodable where T: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SuccessEnvelopeKeys.self)
        self.success = try container.decode(Bool.self, forKey: .success, default: true)
        self.data = try container.decode(T.self, forKey: .data)
        self.message = try? container.decodeIfPresent(String.self, forKey: .message)
    }
}

extension SuccessEnvelope: Encodable where T: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SuccessEnvelopeKeys.self)
        try container.encode(success, forKey: .success)
        try container.encode(data, forKey: .data)
        try container.encodeIfPresent(message, forKey: .message)
    }
}
