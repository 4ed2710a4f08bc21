import Foundation

/// Body of `POST /api/v1/demo/session` (the terminal has no captcha: the token is empty).
public struct DemoSessionRequest: Sendable, Hashable, Codable {
    public var turnstileToken: String

    public init(turnstileToken: String = "") {
        self.turnstileToken = turnstileToken
    }
}
