import Foundation

/// `{"success":true,"message":"…"}` — what deletes answer.
public struct MessageEnvelope: Sendable, Equatable, Codable {
    /// Always `true` on a success.
    public var success: Bool
    /// The server's confirmation sentence (not shown to the user; the UI has its own French text).
    public var message: String

    public init(message: String, success: Bool = true) {
        self.success = success
        self.message = message
    }
}
