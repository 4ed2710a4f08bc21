import Foundation

/// Body of `POST <auth>/auth/v1/token?grant_type=refresh_token`.
public struct RefreshGrantRequest: Sendable, Hashable, Codable {
    public var refreshToken: String

    public init(refreshToken: String) {
        self.refreshToken = refreshToken
    }

    enum CodingKeys: String, CodingKey {
        case refreshToken = "refresh_token"
    }
}
